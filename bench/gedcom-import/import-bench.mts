// GEDCOM import (issue 32) on third-party files: every file in bench/gedcom-import/files/ (fetched by
// get-files.sh; git-ignored, see SOURCES.md) is imported through the real route and job, one user per
// file, and the counts of individuals, families and sources after import are compared with the file's
// own (its level-0 INDI, FAM and SOUR lines, counted here without the reader; a GEDZIP unpacked with
// unzip(1)). Then a generated 3,000-person file is timed (target: under 30 s) and that user's people
// list (GET /api/people, 3,000 people) timed 30 times (issue 32: list p95 < 200 ms).
//   ./bench/gedcom-import/get-files.sh
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 NODE_ENV=test \
//     npx tsx bench/gedcom-import/import-bench.mts
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportRecord, PeopleListResponse } from '@gnology/contracts';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { gedcomImportJob } from '../../services/documents/src/jobs/gedcom-import';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { startDocuments } from '../../services/documents/test/helpers/service';
import { generatedTree } from '../../shared/genealogy/test/fixtures/gedcom-samples';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');
const files = readdirSync(dir)
  .filter((f) => /\.(ged|gdz)$/i.test(f))
  .sort();
if (files.length === 0) throw new Error(`no files in ${dir}: run bench/gedcom-import/get-files.sh first`);

/** The file's own counts: level-0 records by tag, with or without an xref. */
function ownCounts(file: string) {
  const bytes = file.endsWith('.gdz')
    ? execFileSync('unzip', ['-p', path.join(dir, file), 'gedcom.ged'])
    : readFileSync(path.join(dir, file));
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] !== 0 && bytes[1] === 0);
  const text = utf16 ? bytes.toString('utf16le') : bytes.toString('latin1');
  const count = (tag: string) =>
    (text.match(new RegExp(`^\\s*0[ \\t]+(?:@[^@]+@[ \\t]+)?${tag}[ \\t]*\\r?$`, 'gm')) ?? []).length;
  return { individuals: count('INDI'), families: count('FAM'), sources: count('SOUR') };
}

const h = await startDocuments();
const workers = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function importAs(user: string, name: string, bytes: Buffer) {
  const token = await h.token(user);
  const body = multipart(name, bytes, { field: 'file' });
  const started = performance.now();
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/people/import',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 202) return { token, seconds: 0, rec: null, refused: `${res.statusCode} ${res.body}` };
  const { importId } = res.json() as { importId: string };
  for (;;) {
    const rec = (
      await h.app.inject({ method: 'GET', url: `/api/people/imports/${importId}`, headers: auth(token) })
    ).json() as ImportRecord;
    if (rec.status === 'completed' || rec.status === 'failed')
      return { token, seconds: (performance.now() - started) / 1000, rec, refused: null };
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
await workers.close();
await h.close();
