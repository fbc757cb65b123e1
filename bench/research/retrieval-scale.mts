/**
 * Library search at scale (issue 16 target: retrieval adds under 30 ms p95 to time to first token
 * for a user with 5,000 documents, with 1M pages' worth of text across 10,000 users in the table).
 * Seeds a dedicated database with generate_series SQL (record-like sentences: names from a pool
 * of real and generated surnames, events, places, years), then times the real `searchLibrary` for
 * questions about people in the big user's library, and for users of ordinary size.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/research/retrieval-scale.mts [--reuse]
 *
 * --reuse keeps an already seeded bench database (gn_bench_library) instead of re-seeding.
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@gnology/platform/db/database';
import { withDatabase } from '@gnology/testing';
import pg from 'pg';
import { migrations } from '../../services/documents/src/migrations';
import { searchLibrary } from '../../services/documents/src/library/store/library-search';
import type { DocumentsDB } from '../../services/documents/src/store/schema';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'gn_bench_library';
const USERS = 10_000;
const PAGES = 1_000_000;
const BIG_USER_DOCS = 5_000;
const reuse = process.argv.includes('--reuse');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: BASE });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

const SURNAMES = [
  'Smith',
  'Schmidt',
  'Müller',
  'Miller',
  'McDonald',
  'MacDonald',
  'Johnson',
  'Weber',
  'Fischer',
  'Kowalski',
  'Brown',
  'Taylor',
  'Whitfield',
  'Sullivan',
  'O’Connor',
  'Nielsen',
  'Jansen',
  'Dubois',
  'García',
  'Rossi',
];
const PREFIXES = [
  'Ab',
  'Bar',
  'Cal',
  'Dor',
  'El',
  'Fen',
  'Gar',
  'Hol',
  'Ing',
  'Jor',
  'Kel',
  'Lan',
  'Mor',
  'Nor',
  'Ost',
  'Pen',
  'Quin',
  'Ros',
  'Sten',
  'Tor',
  'Ul',
  'Vor',
  'Wes',
  'Yar',
  'Zel',
  'Brand',
  'Hart',
  'Lind',
  'Berg',
  'Feld',
];
const SUFFIXES = [
  'man',
  'son',
  'ton',
  'berg',
  'ford',
  'ley',
  'wick',
  'stein',
  'hoff',
  'dahl',
  'ström',
  'ville',
  'court',
  'wood',
  'field',
  'ham',
  'ridge',
  'mann',
  'sen',
  'ez',
];
const GIVEN = [
  'John',
  'Mary',
  'Johann',
  'Anna',
  'William',
  'Elizabeth',
  'Heinrich',
  'Margaret',
  'James',
  'Catherine',
  'Thomas',
  'Sarah',
  'Patrick',
  'Bridget',
  'Karl',
  'Sophie',
];
const PLACES = [
  'Boston',
  'Kassel',
  'Zürich',
  'Kraków',
  'Dublin',
  'Glasgow',
  'Ohio',
  'Hesse',
  'Bavaria',
  'Cork',
  'York',
  'Bergen',
  'Lyon',
  'Napoli',
  'Philadelphia',
  'Quebec',
];
const EVENTS = [
  'was born',
  'was baptised',
  'married',
  'was buried',
  'was recorded in the census',
  'was listed as a farmer',
  'was naturalised',
  'enlisted',
];
const FILLER = [
  'The parish register gives the father as a miller and names two witnesses.',
  'Entered by the curate from the banns book; the original is damaged at the margin.',
  'Residence given as the mill house; occupation labourer; both parties signed with a mark.',
  'Certified copy issued by the registrar of the district on request of the family.',
];
const surnames = [...SURNAMES, ...PREFIXES.flatMap((p) => SUFFIXES.map((s) => p + s))];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
// One page of record-like text: three sentences naming people, an event, a place and a year.
const sentence = (seed: string) =>
  `(${arr(GIVEN)})[1 + (hashint(${seed} * 7) % ${GIVEN.length})] || ' ' || (${arr(surnames)})[1 + (hashint(${seed} * 11) % ${surnames.length})] || ' ' || ` +
  `(${arr(EVENTS)})[1 + (hashint(${seed} * 13) % ${EVENTS.length})] || ' at ' || (${arr(PLACES)})[1 + (hashint(${seed} * 17) % ${PLACES.length})] || ' in ' || (1700 + hashint(${seed} * 19) % 220)::text || '. '`;

const url = withDatabase(BASE, DB);
if (!reuse) {
  await admin(`drop database if exists ${DB} with (force)`);
  await admin(`create database ${DB}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(
    'create extension if not exists unaccent; create extension if not exists btree_gin; create extension if not exists pg_trgm',
  );
  await c.end();
}
const database = createDatabase<DocumentsDB>({ url, schema: 'documents' });
await migrate(database, migrations);
const pool = database.pool;
if (!reuse) {
  const t0 = performance.now();
  await pool.query(
    'create or replace function hashint(x bigint) returns int language sql immutable as $$ select abs((hashtextextended(x::text, 0) % 1000000007)::int) $$',
  );
  // Page g belongs to document g; users 1..USERS-1 share the pages beside the big user's 5,000.
  await pool.query(`
    insert into documents (id, owner_id, original_name, filename, mimetype, kind, size, storage_key, processing_status, extracted_text)
    select lpad(to_hex(g), 24, '0'),
           case when g <= ${BIG_USER_DOCS} then 'bench-big-user' else 'bench-user-' || (g % ${USERS - 1} + 1) end,
           'record-' || g || '.pdf', 'f', 'application/pdf', 'pdf', 1000, 'k', 'completed', ''
    from generate_series(1, ${PAGES}) g`);
  console.log(`documents: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await pool.query('alter table document_pages disable trigger document_pages_owner');
  await pool.query('drop index if exists document_pages_search_idx');
  await pool.query(`
    insert into document_pages (document_id, page_number, text, owner_id)
    select lpad(to_hex(g), 24, '0'), 1, ${sentence('g')} || ${sentence('g + 1000003')} || ${sentence('g + 2000003')} || (${arr(FILLER)})[1 + (hashint(g * 23) % ${FILLER.length})],
           case when g <= ${BIG_USER_DOCS} then 'bench-big-user' else 'bench-user-' || (g % ${USERS - 1} + 1) end
    from generate_series(1, ${PAGES}) g`);
  await pool.query('alter table document_pages enable trigger document_pages_owner');
  console.log(`pages: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await pool.query('create index document_pages_search_idx on document_pages using gin (owner_id, search_tsv)');
  await pool.query('analyze documents; analyze document_pages');
  console.log(`seeded ${PAGES.toLocaleString()} pages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

// Questions about people actually in the big user's library (their pages' first sentence).
const sample = await pool.query<{ text: string }>(
  `select text from document_pages where owner_id = 'bench-big-user' order by document_id limit 200`,
);
const questions = sample.rows.map((r, i) => {
  const m = /^(\S+) (\S+) (.+?) at (\S+) in (\d+)\./u.exec(r.text)!;
  const forms = [
    `When ${m[3].startsWith('was') ? `was ${m[1]} ${m[2]} ${m[3].slice(4)}` : `did ${m[1]} ${m[2]} ${m[3]}`}?`,
    `What do my documents say about ${m[1]} ${m[2]} of ${m[4]}?`,
    `${m[2]} ${m[4]} ${m[5]}`,
  ];
  return forms[i % forms.length]!;
});
const time = async (userId: string, qs: string[]) => {
  const times: number[] = [];
  for (const q of qs) {
    const t0 = performance.now();
    await searchLibrary(database.db, { userId, query: q, limit: 5, excludeDocumentIds: [] });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${qs.length} questions)`;
};
await time('bench-big-user', questions.slice(0, 20)); // warm the cache and the plans
console.log(`user with ${BIG_USER_DOCS.toLocaleString()} documents: ${await time('bench-big-user', questions)}`);
console.log(`users with ~100 documents: ${await time('bench-user-42', questions.slice(0, 100))}`);
await database.close();
