/**
 * The people index at library scale (issue 16 targets: a 500-document library builds in under
 * 10 s; one new document updates it in under 500 ms). Seeds a dedicated database with the real
 * documents migrations and 500 record-like documents of one user (births, marriages, censuses,
 * deaths, obituaries, letters of 60 families whose surnames and given names repeat on purpose),
 * read by the real rule extractor, beside two other users' libraries of the same size; then times
 * the full rebuild (`updatePeopleIndex` kind 'rebuild') and the incremental update of one newly
 * processed document through the worker's `document.processed` handler (inbox included).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/documents/people-index.mts
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@gnology/platform/db/database';
import { newObjectId } from '@gnology/platform/ids';
import { withDatabase } from '@gnology/testing';
import pg from 'pg';
import { onDocumentEvent } from '../../services/documents/src/people/events/people-index';
import { migrations } from '../../services/documents/src/migrations';
import type { DocumentsDB } from '../../services/documents/src/store/schema';
import { updatePeopleIndex } from '../../services/documents/src/people/use-cases/update-people-index';
import { seedRecord } from '../../services/documents/test/helpers/people';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'gn_bench_people';
const DOCS = 500;
const FAMILIES = 60;
const UPDATES = 20;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const SURNAMES = [
  'Whitfield',
  'Smith',
  'Schmidt',
  'Miller',
  'Müller',
  'Cole',
  'Brown',
  'Taylor',
  'Sullivan',
  'Weber',
  'Fischer',
  'Johnson',
  'Jansen',
  'Nielsen',
  'Reid',
  'Gray',
  'Stewart',
  'Thompson',
  'King',
  'Young',
];
const MEN = ['John', 'Thomas', 'James', 'William', 'Henry', 'George', 'Robert', 'Charles', 'Samuel', 'Joseph'];
const WOMEN = ['Mary', 'Sarah', 'Elizabeth', 'Margaret', 'Ann', 'Martha', 'Susan', 'Catherine', 'Emma', 'Alice'];
const PLACES = [
  'Raleigh, Wake County, North Carolina',
  'Boston, Massachusetts',
  'Halifax, Yorkshire',
  'Philadelphia, Pennsylvania',
  'Cork, Ireland',
];
const MONTHS = ['January', 'March', 'May', 'June', 'August', 'October', 'December'];

let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const pick = <T,>(xs: readonly T[]) => xs[rand(xs.length)]!;
const day = (year: number) => `${1 + rand(27)} ${pick(MONTHS)} ${year}`;

interface Family {
  surname: string;
  father: string;
  mother: string;
  motherMaiden: string;
  born: number;
  place: string;
  children: { name: string; sex: 'M' | 'F'; born: number }[];
}

function family(i: number): Family {
  const surname = SURNAMES[i % SURNAMES.length]!;
  const born = 1800 + rand(60);
  const children = Array.from({ length: 2 + rand(4) }, (_, k) => {
    const sex = rand(2) === 0 ? 'M' : 'F';
    return {
      name: `${pick(sex === 'M' ? MEN : WOMEN)} ${sex === 'M' ? pick(MEN) : pick(WOMEN)}`,
      sex,
      born: born + 22 + k * 2,
    } as const;
  });
  return {
    surname,
    father: pick(MEN),
    mother: `${pick(WOMEN)} ${pick(WOMEN)}`,
    motherMaiden: pick(SURNAMES),
    born,
    place: pick(PLACES),
    children,
  };
}

/** One record about the family, of a kind chosen by `k`. */
function record(f: Family, k: number): { name: string; text: string } {
  const c = f.children[k % f.children.length]!;
  const s = f.surname;
  switch (k % 6) {
    case 0:
      return {
        name: `birth-${c.name}-${s}.txt`,
        text: `CERTIFICATE OF BIRTH\nState of ${f.place}.\nName of child: ${c.name} ${s}. Sex: ${c.sex === 'M' ? 'male' : 'female'}. Born ${day(c.born)} at ${f.place.split(',')[0]}.\nFather: ${f.father} ${s}, farmer. Mother: ${f.mother} ${s}, née ${f.motherMaiden}.`,
      };
    case 1: {
      const spouse = `${pick(c.sex === 'M' ? WOMEN : MEN)} ${pick(SURNAMES)}`;
      return {
        name: `marriage-${c.name}-${s}.txt`,
        text: `CERTIFICATE OF MARRIAGE\n${c.name} ${s}, ${c.sex === 'M' ? 'son' : 'daughter'} of ${f.father} ${s} and ${f.mother} ${s}, married ${spouse} on ${day(c.born + 24)} in ${f.place}.\nWitnesses: ${pick(MEN)} ${s} and ${pick(WOMEN)} ${pick(SURNAMES)}.`,
      };
    }
    case 2: {
      const year = 1850 + 10 * rand(4);
      const rows = [
        `${s}, ${f.father}, head, male, ${year - f.born}, farmer`,
        `${s}, ${f.mother}, wife, female, ${year - f.born - 3}`,
      ];
      for (const ch of f.children)
        if (ch.born < year)
          rows.push(
            `${s}, ${ch.name}, ${ch.sex === 'M' ? 'son' : 'daughter'}, ${ch.sex === 'M' ? 'male' : 'female'}, ${year - ch.born}`,
          );
      return {
        name: `census-${year}-${s}-${k}.txt`,
        text: `${year} United States Census, ${f.place}.\n${rows.join('\n')}`,
      };
    }
    case 3:
      return {
        name: `death-${f.father}-${s}-${k}.txt`,
        text: `CERTIFICATE OF DEATH\nState of ${f.place}.\nName of deceased: ${f.father} ${s}. Died ${day(f.born + 65)} at ${f.place.split(',')[0]}. Age 65.\nInformant: ${c.name} ${s}, ${c.sex === 'M' ? 'son' : 'daughter'}.`,
      };
    case 4:
      return {
        name: `obituary-${f.mother}-${s}-${k}.txt`,
        text: `OBITUARY\n${f.mother} ${s} died on ${day(f.born + 70)} at ${f.place}. She was born in ${f.born + 3}. She is survived by her children ${f.children.map((x) => `${x.name} ${s}`).join(' and ')}.`,
      };
    default:
      return {
        name: `letter-${s}-${k}.txt`,
        text: `${f.place.split(',')[0]}, ${day(c.born + 30)}\nDear ${c.name.split(' ')[0]},\nFather ${f.father} ${s} sends his love.\nYour sister, ${pick(WOMEN)} ${s}`,
      };
  }
}

function library(): { name: string; text: string }[] {
  const families = Array.from({ length: FAMILIES }, (_, i) => family(i));
  return Array.from({ length: DOCS }, (_, i) => record(families[i % FAMILIES]!, Math.floor(i / FAMILIES) + i));
}

const ms = (t0: number) => performance.now() - t0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const url = withDatabase(BASE, DB);
await admin(`drop database if exists ${DB} with (force)`);
await admin(`create database ${DB}`);
const database = createDatabase<DocumentsDB>({ url, schema: 'documents' });
await migrate(database, migrations);
const db = database.db;

const owner = newObjectId();
let t0 = performance.now();
for (const user of [owner, newObjectId(), newObjectId()])
  for (const d of library()) await seedRecord(db, { ownerId: user, ...d });
console.log(`seeded ${3 * DOCS} documents (3 users) in ${(ms(t0) / 1000).toFixed(1)} s`);

const builds: number[] = [];
t0 = performance.now();
let result = await updatePeopleIndex(db, owner, { kind: 'rebuild' });
const first = ms(t0);
for (let i = 0; i < 3; i++) {
  t0 = performance.now();
  result = await updatePeopleIndex(db, owner, { kind: 'rebuild' });
  builds.push(ms(t0));
}
console.log(
  `full build of ${DOCS} documents: ${result.mentions} mentions → ${result.individuals} individuals; first (empty index) ${Math.round(first)} ms, rebuilds ${builds.map((b) => `${Math.round(b)} ms`).join(', ')}`,
);

const updates: number[] = [];
const regrouped: number[] = [];
const extra = library().slice(0, UPDATES);
for (const d of extra) {
  const id = await seedRecord(db, { ownerId: owner, name: `new-${d.name}`, text: d.text });
  const event = {
    specversion: '1.0' as const,
    id: newObjectId(),
    type: 'document.processed',
    source: '/services/documents',
    time: new Date().toISOString(),
    datacontenttype: 'application/json' as const,
    data: { documentId: id, ownerId: owner },
  };
  t0 = performance.now();
  await onDocumentEvent({ database }, event);
  updates.push(ms(t0));
  const r = await db
    .selectFrom('people_mentions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', owner)
    .executeTakeFirstOrThrow();
  regrouped.push(Number(r.n));
}
console.log(
  `one new document (document.processed handler, ${UPDATES} runs): p50 ${Math.round(pct(updates, 50))} ms, p95 ${Math.round(pct(updates, 95))} ms, max ${Math.round(Math.max(...updates))} ms`,
);
const people = await db
  .selectFrom('people_individuals')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('owner_id', '=', owner)
  .executeTakeFirstOrThrow();
const conflicts = await db
  .selectFrom('people_individuals')
  .select((eb) => eb.fn.sum<number>('conflict_count').as('n'))
  .where('owner_id', '=', owner)
  .executeTakeFirstOrThrow();
console.log(
  `index after the updates: ${people.n} individuals, ${conflicts.n} conflicts flagged, ${regrouped.at(-1)} mentions`,
);
console.log(
  `targets: build < 10,000 ms → ${Math.max(first, ...builds) < 10_000 ? 'met' : 'MISSED'}; update < 500 ms (p95) → ${pct(updates, 95) < 500 ? 'met' : 'MISSED'}`,
);
await database.close();
await admin(`drop database if exists ${DB} with (force)`);
