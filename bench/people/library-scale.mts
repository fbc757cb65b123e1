/**
 * The people index at library scale (issue 35): one user with 5,000 documents and ~20,000
 * mentions. Goals: full rebuild < 60 s, incremental update after one upload < 1 s, `/api/people`
 * list and one person's page p95 < 200 ms.
 *
 * Runs the documents service on real Postgres and Redis (a fresh database, the test harness's
 * `buildApp`), seeds the library as processing leaves it (the rule extractor reads every text;
 * its results are cached in the temp dir between runs, as extraction is processing's cost, not
 * the index's), beside a second user's smaller library, then times:
 * - the full rebuild, as the `people-rebuild` job runs it (`updatePeopleIndex` kind 'rebuild'),
 *   on the empty index and again;
 * - one newly processed document through the worker's `document.processed` consumer (inbox
 *   included), as the processing pipeline's event drives it;
 * - GET /api/people (everyone), GET /api/people?q=<surname> and GET /api/people/:id through
 *   Fastify's inject, p50 / p95.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx bench/people/library-scale.mts            # BENCH_DOCS=1000 for a quick look
 *
 * Before and after in one run: `git worktree add /tmp/before <commit>` (with a node_modules
 * symlink to this tree's) and PEOPLE_BEFORE=/tmp/before: both services on one database, each
 * measurement alternating between them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractWithRules } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { DOCUMENTS_TOPIC } from '@gnology/contracts';
import { buildEvent } from '@gnology/platform/events/outbox';
import type { CloudEventJson } from '@gnology/platform/events/types';
import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from '../../services/documents/src/context';
import type { DocumentsDb } from '../../services/documents/src/library/store/documents-store';
import { newObjectId } from '@gnology/platform/ids';
import type { startDocuments as StartDocuments } from '../../services/documents/test/helpers/service';
import { documentsFunction } from './documents-code';
import { type LibraryRecord, syntheticLibrary } from './library';

const DOCS = Number(process.env.BENCH_DOCS ?? 5000);
const FAMILIES = Math.max(10, Math.round(DOCS / 6.25));
const OTHER_DOCS = Math.round(DOCS / 10);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);

type Extracted = ReturnType<typeof extractWithRules>;
type UpdatePeopleIndex = (
  db: DocumentsDb,
  ownerId: string,
  change: { kind: 'rebuild' },
) => Promise<{ mentions: number; regrouped: number; individuals: number }>;
type InsertDocument = (
  db: DocumentsDb,
  d: { id: string; ownerId: string; name: string; pages: string[]; entities: Extracted; personDetails?: unknown[] },
) => Promise<void>;

/** The rule extractor's reading of each record, cached on disk: it is deterministic. */
function extractAll(records: LibraryRecord[], tag: string): Extracted[] {
  const hash = createHash('sha256');
  for (const r of records) hash.update(r.text);
  const file = path.join(tmpdir(), `gn-people-scale-${tag}-${hash.digest('hex').slice(0, 12)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Extracted[];
  const gazetteer = defaultGazetteer();
  const out = records.map((r) => extractWithRules({ text: r.text, isImage: false, originalName: r.name }, gazetteer));
  writeFileSync(file, JSON.stringify(out));
  return out;
}

const ms = (t0: number) => performance.now() - t0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

const here = path.resolve(import.meta.dirname, '../..');
const startDocuments = await documentsFunction<typeof StartDocuments>(here, 'startDocuments');
const insertCompletedDocument = await documentsFunction<InsertDocument>(here, 'insertCompletedDocument');
const h = await startDocuments();
const db = h.deps.database.db;

/** The code measured: this tree's, and with PEOPLE_BEFORE=<a checkout> the code before the change too. */
interface Variant {
  label: string;
  rebuild(db: DocumentsDb, ownerId: string): Promise<{ mentions: number; regrouped: number; individuals: number }>;
  onEvent(deps: DocumentsDeps, event: CloudEventJson): Promise<unknown>;
  app: FastifyInstance;
}
const variants: Variant[] = [await variant('this tree', here, h.app)];
if (process.env.PEOPLE_BEFORE) variants.unshift(await variant('before', process.env.PEOPLE_BEFORE));

/** One checkout's people index code on this database (another checkout's with an app of its own). */
async function variant(label: string, root: string, app?: FastifyInstance): Promise<Variant> {
  const update = await documentsFunction<UpdatePeopleIndex>(root, 'updatePeopleIndex');
  const buildApp = await documentsFunction<(deps: DocumentsDeps) => Promise<FastifyInstance>>(root, 'buildApp');
  return {
    label,
    rebuild: (d, ownerId) => update(d, ownerId, { kind: 'rebuild' }),
    onEvent: await documentsFunction<Variant['onEvent']>(root, 'onDocumentEvent'),
    app: app ?? (await buildApp(h.deps)),
  };
}
const owner = newObjectId();
const other = newObjectId();

async function seed(ownerId: string, records: LibraryRecord[], extracted: Extracted[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of records.entries()) {
    const id = newObjectId();
    const e = extracted[i]!;
    await insertCompletedDocument(db, {
      id,
      ownerId,
      name: r.name,
      pages: [r.text],
      entities: e,
      personDetails: e.personDetails ?? [],
    });
    ids.push(id);
  }
  return ids;
}

try {
  let t0 = performance.now();
  const records = syntheticLibrary(DOCS + UPDATES, FAMILIES);
  const extracted = extractAll(records, 'owner');
  const otherRecords = syntheticLibrary(OTHER_DOCS, Math.max(10, Math.round(OTHER_DOCS / 6.25)), 7);
  const otherExtracted = extractAll(otherRecords, 'other');
  console.log(`read ${records.length + otherRecords.length} records in ${fmt(ms(t0))}`);
  t0 = performance.now();
  await seed(owner, records.slice(0, DOCS), extracted.slice(0, DOCS));
  await seed(other, otherRecords, otherExtracted);
  await variants.at(-1)!.rebuild(db, other);
  console.log(`seeded ${DOCS} + ${OTHER_DOCS} documents in ${fmt(ms(t0))}`);

  // Full rebuild, on the empty index first, then again over the built one (the job after a
  // grouping change); each variant in turn, so that old and new code meet the same machine.
  const builds = new Map(variants.map((v) => [v.label, [] as number[]]));
  let result = { mentions: 0, regrouped: 0, individuals: 0 };
  for (let i = 0; i < 2; i++)
    for (const v of variants) {
      t0 = performance.now();
      result = await v.rebuild(db, owner);
      builds.get(v.label)!.push(ms(t0));
    }

  // One new document at a time, through the consumer of `document.processed`, the variants alternating.
  const updates = new Map(variants.map((v) => [v.label, [] as number[]]));
  const fresh = await seed(owner, records.slice(DOCS), extracted.slice(DOCS));
  for (const [i, documentId] of fresh.entries()) {
    const v = variants[i % variants.length]!;
    // As finish-processing writes it; the consumer reads the document's id and owner.
    const event = buildEvent({
      topic: DOCUMENTS_TOPIC,
      key: documentId,
      type: 'document.processed',
      source: '/services/documents',
      data: { documentId, ownerId: owner },
    });
    t0 = performance.now();
    await v.onEvent(h.deps, event);
    updates.get(v.label)!.push(ms(t0));
  }

  // The pages, through the service's HTTP stack.
  const token = await h.token(owner);
  const get = async (app: FastifyInstance, url: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const took = ms(t);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { took, body: res.json() as { individuals?: { id: string; name: string; mentionCount: number }[] } };
  };
  const everyone = (await get(h.app, '/api/people')).body.individuals!;
  const sample = [...everyone].sort((a, b) => b.mentionCount - a.mentionCount);
  // The largest individuals (the slowest pages) and an even spread of the rest.
  const step = Math.max(1, Math.floor(sample.length / REQUESTS));
  const pages = [...sample.slice(0, 5), ...sample.filter((_, i) => i % step === 0)].slice(0, REQUESTS);
  const surnames = ['Smith', 'Miller', 'Whitfield', 'Johnson', 'Stewart', 'King', 'Reid', 'Weber'];
  const times = new Map(
    variants.map((v) => [v.label, { list: [] as number[], search: [] as number[], person: [] as number[] }]),
  );
  for (let i = 0; i < REQUESTS; i++)
    for (const v of variants) {
      const t = times.get(v.label)!;
      t.list.push((await get(v.app, '/api/people')).took);
      t.search.push((await get(v.app, `/api/people?q=${encodeURIComponent(surnames[i % surnames.length]!)}`)).took);
      t.person.push((await get(v.app, `/api/people/${pages[i % pages.length]!.id}`)).took);
    }

  const row = (what: string, figure: string, goal: string, met: boolean) =>
    console.log(`| ${what.padEnd(60)} | ${figure.padEnd(20)} | ${goal.padEnd(8)} | ${met ? 'met' : 'MISSED'} |`);
  console.log(
    `\nlibrary: ${DOCS} documents, ${result.mentions} mentions → ${result.individuals} individuals (${everyone.length} listed); other user ${OTHER_DOCS} documents; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(`| ${'measure'.padEnd(60)} | ${'figure'.padEnd(20)} | goal     | result |`);
  console.log(`| ${'-'.repeat(60)} | ${'-'.repeat(20)} | -------- | ------ |`);
  for (const v of variants) {
    const b = builds.get(v.label)!;
    const u = updates.get(v.label)!;
    const t = times.get(v.label)!;
    row(`${v.label}: full rebuild, empty index / again`, b.map(fmt).join(' / '), '< 60 s', Math.max(...b) < 60_000);
    row(
      `${v.label}: one new document, ${u.length} runs p50 / p95`,
      `${fmt(pct(u, 50))} / ${fmt(pct(u, 95))}`,
      '< 1 s',
      pct(u, 95) < 1000,
    );
    for (const [what, xs] of [
      ['GET /api/people', t.list],
      ['GET /api/people?q=<surname>', t.search],
      ['GET /api/people/:id', t.person],
    ] as const)
      row(`${v.label}: ${what} p50 / p95`, `${fmt(pct(xs, 50))} / ${fmt(pct(xs, 95))}`, '< 200 ms', pct(xs, 95) < 200);
  }
} finally {
  for (const v of variants) if (v.app !== h.app) await v.app.close();
  await h.close();
}
