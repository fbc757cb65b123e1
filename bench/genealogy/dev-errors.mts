// Sorts the reader's mistakes on DEV into classes, with counts and a few examples each: the material
// DEV-ERRORS.md is written from. Dev only, by construction: it never opens a holdout file.
//   npx tsx bench/genealogy/dev-errors.mts [--source NAME] [--examples N]
import type { DocumentEntities } from '@gnology/contracts';
import type { GoldRecord } from './convert/record';
import { loadRecords, readLock, sourcesOnDisk } from './data-files';
import { fold, samePlace, TITLE_WORDS } from './match';
import { readRecord } from './reader';
import { scoreRecord } from './score';

const args = process.argv.slice(2);
const opt = (n: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const perClass = Number(opt('--examples') ?? 3);
const lock = readLock();

const words = (s: string) =>
  fold(s)
    .split(' ')
    .filter((t) => t && !TITLE_WORDS.has(t));
const subset = (a: string[], b: string[]) => a.length > 0 && a.every((t) => b.includes(t));

function extraClass(name: string, gold: GoldRecord, text: string): string {
  const p = words(name);
  const golds = gold.people.map((g) => words(g.name));
  if (golds.some((g) => subset(p, g))) return 'part of a gold name (surname or given name alone, or cut short)';
  if (golds.some((g) => subset(g, p))) return 'gold name with words added (surname completed, next words glued on)';
  if ((gold.places ?? []).some((pl) => samePlace(name, pl) || subset(p, words(pl))))
    return 'a gold place read as a person';
  const shown = text.includes(name) ? name : '';
  if (shown && shown === shown.toUpperCase() && /\p{L}{3}/u.test(shown))
    return 'all-capitals words (heading, signature, advert)';
  return 'not a person in the gold at all (common noun, organisation, OCR noise, …)';
}

function missClass(name: string, read: DocumentEntities): string {
  const g = words(name);
  if (read.peopleIdentified.some((p) => subset(words(p.name), g) || subset(g, words(p.name))))
    return 'read, but not as the gold name (part of it, or with words added)';
  if (g.length <= 1) return 'one-word name (surname or given name alone) not read';
  if (name === name.toUpperCase() && /\p{L}{3}/u.test(name)) return 'all-capitals name not read';
  if (
    fold(name)
      .split(' ')
      .some((t) => TITLE_WORDS.has(t))
  )
    return 'name with a title (M., Herr, Mr …) not read';
  return 'multi-word name not read';
}

type Example = { id: string; what: string; text: string };
const classes = new Map<string, Map<string, { n: number; examples: Example[] }>>();
const note = (source: string, cls: string, ex: Example) => {
  const bySource = classes.get(source) ?? new Map();
  classes.set(source, bySource);
  const c = bySource.get(cls) ?? { n: 0, examples: [] };
  bySource.set(cls, c);
  c.n++;
  if (c.examples.length < perClass) c.examples.push(ex);
};

const sources = opt('--source') ? [opt('--source')!] : sourcesOnDisk();
for (const source of sources) {
  for (const record of loadRecords(source, 'dev', lock)) {
    const read = readRecord(record.text);
    const s = scoreRecord(record, read);
    const excerpt = record.text.replace(/\s+/g, ' ').slice(0, 160);
    for (const name of s.extraPeople)
      note(source, `FP: ${extraClass(name, record, record.text)}`, { id: record.id, what: name, text: excerpt });
    for (const name of s.missedPeople)
      note(source, `FN: ${missClass(name, read)}`, { id: record.id, what: name, text: excerpt });
    if (s.main && !s.main.right)
      note(source, 'main person wrong', {
        id: record.id,
        what: `${s.main.predicted ?? '(none)'} ≠ ${record.main}`,
        text: excerpt,
      });
    if (!record.hasKinship)
      for (const p of read.peopleIdentified.filter((x) => !['primary_subject'].includes(x.role)))
        note(source, 'relation on a record with no kinship word', {
          id: record.id,
          what: `${p.name}: ${p.role}`,
          text: excerpt,
        });
    const goldPlaces = record.places ?? [];
    if (record.places)
      for (const g of read.geographicalInfo.filter((x) => !goldPlaces.some((pl) => samePlace(x.name, pl))))
        note(source, 'place FP', { id: record.id, what: `${g.name} (${g.kind})`, text: excerpt });
    for (const pl of goldPlaces.filter((pl) => !read.geographicalInfo.some((x) => samePlace(x.name, pl))))
      note(source, 'place FN', { id: record.id, what: pl, text: excerpt });
    if (record.dates)
      for (const d of read.dateInfo.filter(
        (x) =>
          !record.dates!.some(
            (g) => fold(g.text).includes(fold(x.original)) || fold(x.original).includes(fold(g.text)),
          ),
      ))
        note(source, 'date FP', { id: record.id, what: `${d.original} → ${d.normalized}`, text: excerpt });
  }
}

for (const [source, bySource] of classes) {
  console.log(`\n# ${source}`);
  for (const [cls, c] of [...bySource].sort((a, b) => b[1].n - a[1].n)) {
    console.log(`\n${cls}: ${c.n}`);
    for (const e of c.examples) console.log(`  - ${e.id}: «${e.what}» — ${e.text}`);
  }
}
