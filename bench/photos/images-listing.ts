// GET /api/documents/images for a user with 2,000 images (3,000 faces, 200 of them tagged), among
// 20 other users' 8,000 images and their faces: answer time through the route (token check,
// two queries, suggestions, 2,000 view tokens, JSON), and EXPLAIN ANALYZE of the two queries.
//   source /work/infra-shared/env.sh && npx tsx bench/photos/images-listing.ts [runs=20]
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { encodeDescriptor } from '../../services/documents/src/photos/domain/face-descriptor';
import { startDocuments } from '../../services/documents/test/helpers/service';

const RUNS = Number(process.argv[2] ?? 20);
const IMAGES = 2_000;
const FACES_PER_IMAGE = 1.5;
const TAGGED = 200;
const OTHER_USERS = 20;
const OTHER_IMAGES = 400;

const h = await startDocuments();
const db = h.deps.database.db;
const user = 'bench-gallery-user';

let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const descriptor = () => Float32Array.from({ length: 128 }, () => (rand() - 0.5) * 0.25);
const oid = () => randomBytes(12).toString('hex');

async function seedUser(owner: string, images: number, tagged: number) {
  const docs: { id: string; faces: number }[] = [];
  for (let i = 0; i < images; i++)
    docs.push({ id: oid(), faces: rand() < 0.25 ? 0 : Math.max(1, Math.round(rand() * FACES_PER_IMAGE * 2 - 0.2)) });
  const taggedDocs = new Set(
    docs
      .filter((d) => d.faces > 0)
      .slice(0, tagged)
      .map((d) => d.id),
  );
  for (let i = 0; i < docs.length; i += 500) {
    await db
      .insertInto('documents')
      .values(
        docs.slice(i, i + 500).map((d, j) => ({
          id: d.id,
          owner_id: owner,
          original_name: `photo-${i + j}.jpg`,
          filename: `photo-${i + j}.jpg`,
          mimetype: 'image/jpeg',
          kind: 'jpeg',
          document_type: 'photo',
          size: 2_500_000,
          storage_key: `${owner}/${d.id}/original`,
          processing_status: 'completed',
          processed_at: new Date(),
          uploaded_at: new Date(Date.now() - (i + j) * 60_000),
          thumbnail_key: `${owner}/${d.id}/thumbnail.jpg`,
          page_count: 1,
          people_identified: JSON.stringify(
            taggedDocs.has(d.id)
              ? [
                  {
                    name: `Person ${i + j}`,
                    role: 'other_relative',
                    faceId: 'f01',
                    region: { x: 0.3, y: 0.2, width: 0.2, height: 0.25 },
                  },
                ]
              : [],
          ),
          date_info: '[]',
          geographical_info: '[]',
          occupations: '[]',
          tags: JSON.stringify(d.faces === 1 ? ['photo', 'portrait'] : ['photo']),
        })),
      )
      .execute();
  }
  const faces = docs.flatMap((d) =>
    Array.from({ length: d.faces }, (_, k) => ({
      document_id: d.id,
      face_id: `f${String(k + 1).padStart(2, '0')}`,
      owner_id: owner,
      x: 0.1 + k * 0.2,
      y: 0.2,
      width: 0.15,
      height: 0.2,
      score: 0.9,
      descriptor: encodeDescriptor(descriptor()),
    })),
  );
  for (let i = 0; i < faces.length; i += 1000)
    await db
      .insertInto('document_faces')
      .values(faces.slice(i, i + 1000))
      .execute();
  return faces.length;
}

const t0 = performance.now();
const faceCount = await seedUser(user, IMAGES, TAGGED);
for (let u = 0; u < OTHER_USERS; u++) await seedUser(`other-${u}`, OTHER_IMAGES, 20);
await sql`analyze`.execute(db);
console.log(
  `seeded in ${Math.round(performance.now() - t0)} ms: ${IMAGES} images and ${faceCount} faces for the user, ${OTHER_USERS * OTHER_IMAGES} other images`,
);

const token = await h.token(user);
const times: number[] = [];
const cpu: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS + 3; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  const res = await h.app.inject({
    method: 'GET',
    url: '/api/documents/images',
    headers: { authorization: `Bearer ${token}` },
  });
  const ms = performance.now() - t;
  const used = process.cpuUsage(c);
  if (i >= 3) cpu.push((used.user + used.system) / 1000);
  if (res.statusCode !== 200) throw new Error(res.body);
  const images = (res.json() as { images: unknown[] }).images;
  if (images.length !== IMAGES) throw new Error(`listed ${images.length}`);
  bytes = res.rawPayload.length;
  if (i >= 3) times.push(ms);
}
times.sort((a, b) => a - b);
const pct = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))]!);
console.log(
  `GET /api/documents/images, ${IMAGES} images: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms over ${RUNS} runs; ${(bytes / 1e6).toFixed(2)} MB of JSON`,
);
cpu.sort((a, b) => a - b);
console.log(
  `service CPU per answer (user + system, this process): median ${Math.round(cpu[Math.floor(cpu.length / 2)]!)} ms`,
);

// Where the time goes, one step at a time (median of 10).
const { listDocumentsWhere } = await import('../../services/documents/src/library/store/documents-store');
const { listOwnerFaces } = await import('../../services/documents/src/photos/store/faces-store');
const { facesWithSuggestions } = await import('../../services/documents/src/photos/use-cases/read-photo-faces');
const { presentDocument } = await import('../../services/documents/src/library/use-cases/present-document');
const step = async (name: string, fn: () => unknown) => {
  const xs: number[] = [];
  const cs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    cs.push((used.user + used.system) / 1000);
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  cs.sort((a, b) => a - b);
  console.log(`  ${name}: ${xs[5]!.toFixed(1)} ms wall, ${cs[5]!.toFixed(1)} ms CPU of this process`);
};
const rows = await listDocumentsWhere(db, user, { kinds: ['jpeg', 'png'] });
const faces = await listOwnerFaces(db, user);
const docs = rows.map((r) => ({ id: r.id, people: r.people_identified }));
const present = { secret: 'bench-secret-0123456789', ttlSeconds: 3600 };
const records = rows.map((r) => presentDocument(r, [], present));
await step('documents query', () => listDocumentsWhere(db, user, { kinds: ['jpeg', 'png'] }));
await step('faces query (with descriptor decoding)', () => listOwnerFaces(db, user));
await step('suggestions', () => facesWithSuggestions(faces, docs, faces));
await step('presenting 2,000 records (view tokens)', () => rows.map((r) => presentDocument(r, [], present)));
await step('JSON', () => JSON.stringify({ images: records }));

for (const [name, query] of [
  [
    'documents',
    sql`explain (analyze, buffers) select d.id, d.people_identified, t.step from documents d left join processing_tasks t on t.document_id = d.id where d.owner_id = ${user} and d.kind in ('jpeg', 'png') order by d.uploaded_at desc, d.id desc`,
  ],
  [
    'faces',
    sql`explain (analyze, buffers) select document_id, face_id, x, y, width, height, score, descriptor from document_faces where owner_id = ${user} order by document_id, face_id`,
  ],
] as const) {
  const plan = await query.execute(db);
  console.log(`\n-- ${name}\n${(plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n')}`);
}
await h.close();
// The documents test helper leaves a handle open after close (see bench/journal/download.mts).
process.exit(0);
