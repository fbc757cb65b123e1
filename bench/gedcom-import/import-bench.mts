// GEDCOM import (issue 32) on third-party files: every file in bench/gedcom-import/files/ (fetched by
// get-files.sh; git-ignored, see SOURCES.md) is imported through the real route and job, one user per
// file, and the counts of individuals, families and sources after import are compared with the file's
// own (its level-0 INDI, FAM and SOUR lines, counted here without the reader; a GEDZIP unpacked with
// unzip(1)). Then a generated 3,000-person file is timed (target: under 30 s) and that user's people
// list (GET /api/people, 3,000 people) timed 30 times (issue 32: list p95 < 200 ms).
//   ./bench/gedcom-import/get-files.sh
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 NODE_ENV=test \
//     npx tsx bench/gedcom-import/import-bench.mts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PeopleListResponse } from '@gnology/contracts';
import { generatedTree } from '../../shared/genealogy/test/fixtures/gedcom-samples';
import { auth, benchFiles, dir, ownCounts, startImportBench } from './bench-lib.mts';

const files = benchFiles();
const { h, importAs, close } = await startImportBench();

const listed = async (token: string) =>
  ((await h.app.inject({ method: 'GET', url: '/api/people', headers: auth(token) })).json() as PeopleListResponse)
    .individuals.length;

console.log('| file | file: INDI / FAM / SOUR | imported | people listed | match | seconds | warnings |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
let mismatches = 0;
for (const [i, file] of files.entries()) {
  const own = ownCounts(file);
  const { token, seconds, rec, refused } = await importAs(
    `bench-gedcom-${i}`,
    file,
    readFileSync(path.join(dir, file)),
  );
  if (rec?.status !== 'completed') {
    mismatches++;
    console.log(
      `| ${file} | ${own.individuals} / ${own.families} / ${own.sources} | ${refused ?? `failed: ${rec?.error}`} | | ✗ | | |`,
    );
    continue;
  }
  const people = await listed(token);
  const ok =
    rec.individuals === own.individuals &&
    rec.families === own.families &&
    rec.sources === own.sources &&
    people === own.individuals;
  if (!ok) mismatches++;
  console.log(
    `| ${file} | ${own.individuals} / ${own.families} / ${own.sources} | ${rec.individuals} / ${rec.families} / ${rec.sources} (${rec.version}) | ${people} | ${ok ? '✓' : '✗'} | ${seconds.toFixed(2)} | ${rec.warnings.length} |`,
  );
}

const big = await importAs('bench-gedcom-generated', 'generated-3000.ged', Buffer.from(generatedTree(3000), 'utf8'));
const times: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  await listed(big.token);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `\ngenerated 3,000 people: ${big.rec?.status}, ${big.rec?.individuals} people, ${big.rec?.families} families in ${big.seconds.toFixed(2)} s; ` +
    `GET /api/people (3,000): median ${times[14]!.toFixed(0)} ms, p95 ${times[28]!.toFixed(0)} ms`,
);
console.log(`${files.length} files, ${mismatches} mismatched`);
await close();
