// How much of a source's gold a precision-first reader can reach (issue 28): a gold person written as one bare word
// ("Bismarck", "Gambetta", no title, no initial, no given name) is a person only to a reader who knows who bears
// the name. In running text the rules do not take such a word for a person, so there the share of gold people
// written otherwise is the highest people recall they can reach; a directory line or a register's layout does say
// who a bare word is, and the column "read now" shows the rules reading them there. Aggregates only, for every
// split: no record is printed.
//   npx tsx bench/genealogy/ceiling.mts [--source NAME]
import { loadRecords, readLock, type Split, sourcesOnDisk } from './data-files';
import { distinct, fold, sameName, TITLE_WORDS } from './match';
import { readRecord } from './reader';

const args = process.argv.slice(2);
const sourceArg = args.includes('--source') ? args[args.indexOf('--source') + 1] : undefined;
const lock = readLock();
const words = (name: string) => fold(name).split(' ').filter(Boolean);
const coreWords = (name: string) => words(name).filter((w) => !TITLE_WORDS.has(w));

console.log(
  '| source | split | gold people | written as one bare word | of those, a fuller name in the same passage | bare words read now | written otherwise, % (the recall a reader reaches without bare words) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const source of sourceArg ? [sourceArg] : sourcesOnDisk()) {
  for (const split of ['dev', 'holdout'] as Split[]) {
    const records = loadRecords(source, split, lock);
    if (!records.length) continue;
    let gold = 0;
    let bare = 0;
    let withFuller = 0;
    let readNow = 0;
    for (const record of records) {
      const read = readRecord(record.text).peopleIdentified.map((p) => p.name);
      const names = distinct(
        record.people.map((p) => p.name),
        sameName,
      );
      for (const name of names) {
        gold++;
        const core = coreWords(name);
        if (core.length !== 1 || words(name).length !== 1) continue;
        bare++;
        if (read.some((p) => sameName(p, name))) readNow++;
        if (names.some((other) => coreWords(other).length > 1 && coreWords(other).at(-1) === core[0])) withFuller++;
      }
    }
    const pct = (n: number) => (gold ? ((100 * n) / gold).toFixed(1) : '—');
    console.log(
      `| ${source} | ${split} | ${gold} | ${bare} (${pct(bare)}%) | ${withFuller} | ${readNow} | ${pct(gold - bare)} |`,
    );
  }
}
