// GEDCOM round trip through Gramps (issue 32: "import → export → `gramps -i` reports no errors and the same
// counts"): every file of bench/gedcom-import/files/ (get-files.sh, SOURCES.md) is imported through the real
// route and job by a user of its own, exported with GET /api/people/export in 5.5.1 and 7.0, and each export
// imported by Gramps (Debian's 5.1, the helper the integration tests use); Gramps' people, families and
// sources are compared with the import's counts, and what Gramps' import report complains of is listed.
//   ./bench/gedcom-import/get-files.sh
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 NODE_ENV=test \
//     npx tsx bench/gedcom-import/roundtrip-bench.mts [file-pattern]
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newObjectId } from '@gnology/platform/ids';
import { grampsImport } from '../../services/documents/test/helpers/gedcom-tools';
import { auth, benchFiles, dir, startImportBench } from './bench-lib.mts';

// An optional argument keeps the files whose names match it (a regular expression).
const files = benchFiles().filter((f) => !process.argv[2] || new RegExp(process.argv[2]).test(f));
const { h, importAs, close } = await startImportBench();
const work = await mkdtemp(path.join(tmpdir(), 'gedcom-roundtrip-'));

/** Gramps' import report as "what: the line" entries, without the line numbers. */
function complaints(log: string): string[] {
  const body = log.replace(/GEDCOM import report: \d+ errors? detected/g, '\n');
  return [...body.matchAll(/([A-Z][^\n]*?)\s+Line\s+\d+: ([^\n]*)/g)].map(
    (m) => `${m[1]!.trim()}: ${m[2]!.trim().split(' ').slice(0, 2).join(' ')}`,
  );
}

/** "Line ignored as not understood: 3 PHRASE ×12" — counted by kind and tag. */
function tally(list: string[]): string {
  const counts = new Map<string, number>();
  for (const c of list) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${c}${n > 1 ? ` ×${n}` : ''}`).join('; ');
}

console.log(
  '| file | imported INDI / FAM / SOUR | 5.5.1 in Gramps | 5.5.1 report | 7.0 in Gramps | 7.0 report (besides "version not supported") | export ms (5.5.1 / 7.0) | match |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
let mismatched = 0;
let complaining = 0;
const started = performance.now();
for (const file of files) {
  const { token, rec, refused } = await importAs(newObjectId(), file, readFileSync(path.join(dir, file)));
  if (rec?.status !== 'completed') {
    mismatched++;
    console.log(`| ${file} | ${refused ?? `failed: ${rec?.error}`} | | | | | | ✗ |`);
    continue;
  }
  const row: string[] = [file, `${rec.individuals} / ${rec.families} / ${rec.sources}`];
  const exportMs: number[] = [];
  let ok = true;
  for (const format of ['gedcom-5.5.1', 'gedcom-7'] as const) {
    const t = performance.now();
    const res = await h.app.inject({ method: 'GET', url: `/api/people/export?format=${format}`, headers: auth(token) });
    exportMs.push(performance.now() - t);
    const out = path.join(work, `${file}.${format}.ged`);
    writeFileSync(out, res.body);
    const g = grampsImport(out);
    const same = g.people === rec.individuals && g.families === rec.families && g.sources === rec.sources;
    const said = complaints(g.log).filter(
      (c) => !(format === 'gedcom-7' && c === 'GEDCOM version not supported: 2 VERS'),
    );
    if (!same) ok = false;
    if (format === 'gedcom-5.5.1' && said.length) complaining++;
    row.push(`${g.people} / ${g.families} / ${g.sources}${same ? '' : ' ✗'}`, said.length ? tally(said) : 'no errors');
  }
  if (!ok) mismatched++;
  row.push(exportMs.map((ms) => ms.toFixed(0)).join(' / '), ok ? '✓' : '✗');
  console.log(`| ${row.join(' | ')} |`);
}
console.log(
  `\n${files.length} files in ${((performance.now() - started) / 1000).toFixed(0)} s: ${mismatched} with other counts in Gramps, ${complaining} 5.5.1 exports Gramps reported errors for`,
);
await rm(work, { recursive: true, force: true });
await close();
