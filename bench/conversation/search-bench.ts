/**
 * Conversation search benchmark (issue 6 target: p95 < 50 ms over 1,000,000 messages across
 * 10,000 users; issue 20: p95 ≤ 5 ms, ≤ 10 ms for the heavy user). Seeds a dedicated database with generate_series SQL, then times the real
 * search (store function, and the HTTP route with token verification) for random users.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/conversation/search-bench.ts [--reuse]
 *
 * --reuse keeps an already seeded bench database (gn_bench_search) instead of re-seeding.
 */
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@gnology/platform/db/database';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner, withDatabase } from '@gnology/testing';
import pg from 'pg';
import { buildApp } from '../../services/conversation/src/app';
import { migrations } from '../../services/conversation/src/migrations';
import { searchConversations } from '../../services/conversation/src/use-cases/search-conversations';

const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'gn_bench_search';
const USERS = 10_000;
const MESSAGES = 1_000_000;
const CONVERSATIONS_PER_USER = 10;
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

const REAL_SURNAMES = [
  'Smith',
  'Smith',
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
  'Wilson',
  'Anderson',
  'Thompson',
  'Becker',
  'Schneider',
  'O’Brien',
  'Nielsen',
  'Jansen',
  'Dubois',
  'García',
  'Rossi',
  'Novak',
  'Horvath',
  'Kelly',
  'Walsh',
  'Murphy',
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
  'born',
  'baptised',
  'married',
  'buried',
  'recorded in the census',
  'listed as a farmer',
  'naturalised',
  'enlisted',
];
const FILLER = [
  'The parish register gives the father as a miller and names two witnesses.',
  'This is direct evidence of the event but only indirect evidence of the parents.',
  'A later census gives an age that suggests a birth two years earlier, which conflicts with the register.',
  'Search the civil registration indexes and the land records of the district next.',
  'The passenger list names the ship and the port of departure.',
  'No record yet confirms the marriage; the banns may survive in the diocesan archive.',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

async function seed(url: string) {
  const database = createDatabase({ url, schema: 'conversation', max: 2 });
  await migrate(database, migrations);
  await database.close();
  const c = new pg.Client({ connectionString: url, options: '-c search_path=conversation,public' });
  await c.connect();
  const step = async (label: string, sql: string) => {
    const t = performance.now();
    await c.query(sql);
    console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await c.query("set maintenance_work_mem = '1GB'; set synchronous_commit = off");
  // Indexes are built after the bulk insert: much faster than maintaining them row by row.
  await c.query(
    'drop index messages_user_lexemes_idx, messages_conversation_idx, conversations_title_search_idx, conversations_user_activity_idx, user_terms_trgm_idx',
  );
  const conversations = USERS * CONVERSATIONS_PER_USER;
  await step(
    `${conversations.toLocaleString()} conversations`,
    `insert into conversations (id, user_id, title, created_at, last_activity, message_count)
     select lpad(to_hex(c), 24, '0'), 'u' || (c % ${USERS}), 'Research Session ' || c,
            now() - make_interval(mins => c), now() - make_interval(secs => c), ${MESSAGES / conversations}
     from generate_series(1, ${conversations}) c`,
  );
  // Pseudo-random picks per message (hashint4 with a different salt per choice): modular
  // arithmetic on g would give each user only a few distinct values.
  const pick = (g: string, salt: number, list: string[]) =>
    `(${arr(list)})[1 + (hashint4(${g} * 8 + ${salt}) & 2147483647) % ${list.length}]`;
  const content = (g: string) => `
    ${pick(g, 1, GIVEN)} || ' ' ||
    case when (hashint4(${g} * 8 + 2) & 2147483647) % 10 < 3 then ${pick(g, 3, REAL_SURNAMES)}
         else ${pick(g, 4, PREFIXES)} || ${pick(g, 5, SUFFIXES)} end ||
    ' was ' || ${pick(g, 6, EVENTS)} || ' in ' || ${pick(g, 7, PLACES)} ||
    ' in ' || (1750 + (hashint4(${g} * 8 + 8) & 2147483647) % 200) || '. ' ||
    case when ${g} % 2 = 1 then ${pick(g, 9, FILLER)} || ' ' || ${pick(g, 10, FILLER)} else '' end`;
  await step(
    `${MESSAGES.toLocaleString()} messages`,
    `insert into messages (id, conversation_id, user_id, type, content, created_at)
     select lpad(to_hex(1000000000 + g), 24, '0'), lpad(to_hex(c), 24, '0'), 'u' || (c % ${USERS}),
            case when g % 2 = 0 then 'user' else 'assistant' end, ${content('g')}, now() - make_interval(secs => g)
     from generate_series(1, ${MESSAGES}) g, lateral (select ((g - 1) % ${conversations}) + 1 as c) x`,
  );
  // One heavy user: 5,000 messages in 50 conversations.
  await step(
    'heavy user (5,000 messages)',
    `insert into conversations (id, user_id, title, message_count)
       select lpad(to_hex(2000000000 + c), 24, '0'), 'heavy', 'Heavy research ' || c, 100 from generate_series(1, 50) c;
     insert into messages (id, conversation_id, user_id, type, content)
       select lpad(to_hex(3000000000 + g), 24, '0'), lpad(to_hex(2000000000 + 1 + g % 50), 24, '0'), 'heavy',
              case when g % 2 = 0 then 'user' else 'assistant' end, ${content('g')}
       from generate_series(1, 5000) g`,
  );
  await step(
    'vocabulary (capitalised words per user)',
    `insert into user_terms (user_id, term)
     select distinct m.user_id, lower(public.unaccent(w[1]))
     from messages m, regexp_matches(m.content, '([[:upper:]][[:alpha:]]{2,})', 'g') as w
     on conflict do nothing`,
  );
  await step(
    'GIN (user id + lexeme keys)',
    'create index messages_user_lexemes_idx on messages using gin (gn_user_lexemes(user_id, tsv))',
  );
  await step(
    'btree (conversation_id, seq)',
    'create index messages_conversation_idx on messages (conversation_id, seq)',
  );
  await step(
    'conversation indexes',
    'create index conversations_title_search_idx on conversations using gin (user_id, title_tsv); create index conversations_user_activity_idx on conversations (user_id, last_activity desc)',
  );
  await step(
    'trigram vocabulary index',
    'create index user_terms_trgm_idx on user_terms using gin (user_id, term gin_trgm_ops)',
  );
  await step('analyze', 'vacuum analyze messages, conversations, user_terms');
  const counts = await c.query(
    "select (select count(*) from messages) as messages, (select count(distinct user_id) from messages) as users, (select count(*) from user_terms) as terms, pg_size_pretty(pg_total_relation_size('messages')) as size",
  );
  console.log('  seeded:', counts.rows[0]);
  await c.end();
}

const QUERIES = [
  'Smith',
  'Schmidt',
  'Smyth',
  'Miller',
  'Mueller',
  'MacDonald',
  'Boston',
  '1850',
  'John Smith',
  'baptised Kassel',
  'Kowalsky',
  'census Ohio',
  'Hartmann',
  'Lindberg',
  'Bergström',
  'Catherine Weber',
  'married Dublin 1802',
];

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    n: s.length,
    p50: q(0.5).toFixed(2),
    p95: q(0.95).toFixed(2),
    p99: q(0.99).toFixed(2),
    max: s[s.length - 1]!.toFixed(2),
  };
}

async function main() {
  const url = withDatabase(BASE, DB);
  const exists = (await admin(`select 1 from pg_database where datname = '${DB}'`)).rowCount;
  if (!reuse || !exists) {
    await admin(`drop database if exists ${DB} with (force)`);
    await admin(`create database ${DB}`);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      'create extension if not exists pg_trgm; create extension if not exists unaccent; create extension if not exists btree_gin;',
    );
    await c.end();
    console.log('seeding…');
    const t = performance.now();
    await seed(url);
    console.log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }

  const database = createDatabase({ url, schema: 'conversation', max: 4 });
  const rnd = (n: number) => Math.floor(Math.random() * n);
  const run = async (label: string, n: number, pick: () => [string, string]) => {
    for (let i = 0; i < 100; i++) await searchConversations({ database }, ...pickArgs(pick()));
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < n; i++) {
      const [user, q] = pick();
      const t = performance.now();
      const r = await searchConversations({ database }, user, q, 20);
      times.push(performance.now() - t);
      if (r.totalFound > 0) found++;
    }
    console.log(label, { ...stats(times), withResults: `${Math.round((found / n) * 100)}%` });
  };
  const pickArgs = ([u, q]: [string, string]): [string, string, number] => [u, q, 20];
  console.log('\nstore function (expansion + search + headlines), ms:');
  await run('  random users, mixed queries', 3000, () => [`u${rnd(USERS)}`, QUERIES[rnd(QUERIES.length)]!]);
  await run('  random users, "Smith"      ', 1000, () => [`u${rnd(USERS)}`, 'Smith']);
  await run('  heavy user (5,000 messages)', 500, () => ['heavy', QUERIES[rnd(QUERIES.length)]!]);

  // Through HTTP: the real route with token verification, sequential requests.
  const signer = await createTestSigner();
  const logger = createLogger({ service: 'bench', level: 'silent' });
  const app = await buildApp({
    name: 'conversation',
    config: { INTERNAL_TOKEN: 'bench-internal-token-0123456789' },
    logger,
    database,
    verifier: signer.verifier,
    checks: {},
  } as never);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const tokens = await Promise.all(Array.from({ length: 200 }, (_, i) => signer.sign({ id: `u${i * 50}` })));
  const http: number[] = [];
  for (let i = 0; i < 2100; i++) {
    const q = encodeURIComponent(QUERIES[rnd(QUERIES.length)]!);
    const t = performance.now();
    const res = await fetch(`${base}/api/conversations/search?query=${q}&limit=20`, {
      headers: { authorization: `Bearer ${tokens[rnd(tokens.length)]}` },
    });
    await res.json();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (i >= 100) http.push(performance.now() - t);
  }
  console.log('\nHTTP GET /api/conversations/search (JWT verified per request), ms:', stats(http));
  await app.close();
  await database.close();
}

await main();
