// Reading measured on labelled material written by others (issue 28): public datasets converted by
// bench/genealogy/convert (SOURCES.md), frozen into dev and holdout. The product is reached only
// through reader.ts. Per-record misses are shown for dev alone: holdout gives aggregate figures only.
//   npx tsx bench/genealogy/external.mts [--split dev|holdout|all] [--source NAME] [--misses] [--json]
// With --reader compromise|corenlp, a shipped model's people are scored beside the rules' (models/compare.mts).
import { loadRecords, readLock, type Split, sourcesOnDisk } from './data-files';
import { readRecord } from './reader';
import { type RecordScore, scoreRecord } from './score';
import { markdownTable, type Row, sideBySideTable } from './table';
import { add, emptyTotals, figures } from './totals';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const splitArg = option('--split') ?? 'dev';
if (!['dev', 'holdout', 'all'].includes(splitArg)) {
  console.error('--split is dev, holdout or all');
  process.exit(2);
}
const splits: Split[] = splitArg === 'all' ? ['dev', 'holdout'] : [splitArg as Split];
const showMisses = args.includes('--misses');
if (showMisses && splitArg !== 'dev') {
  console.error('--misses is for dev only: the holdout records are never shown, only their aggregate figures.');
  process.exit(2);
}
const asJson = args.includes('--json');
const lock = readLock();
const sourceArg = option('--source');
const sources = sourceArg ? [sourceArg] : sourcesOnDisk();
if (!sources.length) {
  console.error('No converted data under bench/genealogy/data: build it with bench/genealogy/convert (SOURCES.md).');
  process.exit(2);
}

const readerArg = option('--reader');
if (readerArg && readerArg !== 'rules') {
  const { compareWithModel } = await import('./models/compare.mts');
  await compareWithModel(readerArg, sources, splits, lock, { asJson, showMisses });
  process.exit(0);
}

function printMisses(id: string, text: string, s: RecordScore): void {
  const wrongMain = s.main && !s.main.right;
  if (!s.missedPeople.length && !s.extraPeople.length && !wrongMain) return;
  console.log(`\n## ${id}\n${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  if (s.missedPeople.length) console.log(`  missed: ${s.missedPeople.join(' | ')}`);
  if (s.extraPeople.length) console.log(`  extra:  ${s.extraPeople.join(' | ')}`);
  if (wrongMain) console.log(`  main read as: ${s.main?.predicted ?? '(none)'}`);
}

const rows: Row[] = [];
for (const source of sources) {
  for (const split of splits) {
    const totals = emptyTotals();
    const records = loadRecords(source, split, lock);
    // HIPE's test sources are held out whole and its train source is dev whole: no empty row for the other side.
    if (!records.length) continue;
    for (const record of records) {
      const score = scoreRecord(record, readRecord(record.text));
      add(totals, score, record.hasKinship);
      if (showMisses && split === 'dev' && !asJson) printMisses(record.id, record.text, score);
    }
    rows.push({ source, split, figures: figures(totals) });
  }
}

if (asJson) console.log(JSON.stringify(rows, null, 2));
else {
  console.log(`\n${markdownTable(rows)}`);
  if (splitArg === 'all') console.log(`\nDev / holdout side by side:\n\n${sideBySideTable(rows)}`);
}
