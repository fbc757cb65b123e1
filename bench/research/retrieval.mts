/**
 * Library retrieval benchmark (issue 16, decision 0170): does Gene's library search put the right
 * document in the top 5 for ≥ 90% of questions? A labelled set (bench/research/retrieval-set: 36
 * documents of different kinds, 48 questions, each naming the document that answers it) is seeded
 * into a fresh database with the real documents migrations and the real rule extraction, beside
 * the same documents under other users (never to be returned); then each question goes through
 * the real store function `searchLibrary`, as POST /internal/documents/search runs it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/research/retrieval.mts [--verbose]
 *
 * Figures: hit@1, hit@3, hit@5 over the top 5 distinct documents (limit 10 passages, at most two
 * pages a document), hit@5 as research asks (5 passages, what a question without a selection
 * reads), mean reciprocal rank, and search time per question (p50/p95).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@gnology/platform/db/database';
import { newObjectId } from '@gnology/platform/ids';
import { createTestDatabase } from '@gnology/testing';
import { migrations } from '../../services/documents/src/migrations';
import type { DocumentsDB } from '../../services/documents/src/store/schema';
import { searchLibrary } from '../../services/documents/src/library/store/library-search';
import { seedDocument } from '../../services/documents/test/helpers/library';
import { DOCUMENTS } from './retrieval-set/documents';

const verbose = process.argv.includes('--verbose');
const questions = JSON.parse(readFileSync(new URL('./retrieval-set/questions.json', import.meta.url), 'utf8')) as {
  q: string;
  doc: string;
}[];

const tdb = await createTestDatabase('gn_bench_retrieval');
const database = createDatabase<DocumentsDB>({ url: tdb.url, schema: 'documents' });
try {
  await migrate(database, migrations);
  const db = database.db;
  const user = newObjectId();
  const idOf = new Map<string, string>();
  for (const d of DOCUMENTS) idOf.set(d.name, await seedDocument(db, { ownerId: user, name: d.name, pages: d.pages }));
  // The same library under 20 other users: none of it may ever come back for `user`.
  const others = new Set<string>();
  for (let u = 0; u < 20; u++) {
    const owner = newObjectId();
    for (const d of DOCUMENTS) others.add(await seedDocument(db, { ownerId: owner, name: d.name, pages: d.pages }));
  }
  await database.pool.query('analyze documents.document_pages; analyze documents.documents');
  const nameOf = new Map([...idOf].map(([n, id]) => [id, n]));

  let hit1 = 0;
  let hit3 = 0;
  let hit5 = 0;
  let hit5AsAsked = 0;
  let rr = 0;
  let foreign = 0;
  let returned = 0;
  const times: number[] = [];
  const misses: string[] = [];
  for (const { q, doc } of questions) {
    const want = idOf.get(doc);
    if (!want) throw new Error(`unknown document in the labels: ${doc}`);
    const t0 = performance.now();
    const passages = await searchLibrary(db, { userId: user, query: q, limit: 10, excludeDocumentIds: [] });
    times.push(performance.now() - t0);
    const asAsked = await searchLibrary(db, { userId: user, query: q, limit: 5, excludeDocumentIds: [] });
    const docs = [...new Set(passages.map((p) => p.documentId))].slice(0, 5);
    returned += new Set(asAsked.map((p) => p.documentId)).size;
    foreign += passages.filter((p) => others.has(p.documentId)).length;
    const rank = docs.indexOf(want) + 1;
    if (rank === 1) hit1++;
    if (rank >= 1 && rank <= 3) hit3++;
    if (rank >= 1) {
      hit5++;
      rr += 1 / rank;
    } else misses.push(`${q} → wanted ${doc}, got ${docs.map((d) => nameOf.get(d)).join(', ') || 'nothing'}`);
    if (asAsked.some((p) => p.documentId === want)) hit5AsAsked++;
    if (verbose)
      console.log(
        `${rank || '-'}\t${q}\t${passages.map((p) => `${nameOf.get(p.documentId)}:${p.pageNumber} ${p.score}`).join(' | ')}`,
      );
  }
  times.sort((a, b) => a - b);
  const pct = (n: number) => `${((100 * n) / questions.length).toFixed(1)}%`;
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`questions ${questions.length}, documents ${DOCUMENTS.length} (+${others.size} of 20 other users)`);
  console.log(
    `hit@1 ${pct(hit1)}  hit@3 ${pct(hit3)}  hit@5 ${pct(hit5)}  hit@5 as research asks (5 passages) ${pct(hit5AsAsked)}  MRR ${(rr / questions.length).toFixed(3)}`,
  );
  console.log(
    `documents a question without a selection reads (mean): ${(returned / questions.length).toFixed(2)}; other users' passages returned: ${foreign}`,
  );
  console.log(`search time per question: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  if (misses.length) console.log(`misses:\n  ${misses.join('\n  ')}`);
  if (hit5 / questions.length < 0.9 || foreign > 0) process.exitCode = 1;
} finally {
  await database.close();
  await tdb.drop();
}
