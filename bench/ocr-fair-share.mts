// OCR lane fair share (issue 29, point 5; decision 0215): how long a user's one-page scan takes
// from upload to "completed" with the lane idle, and while another user's 200-page scan (a
// few-KB PDF of ruled forms: no text layer, ink on every page, so each page is rendered at 300 dpi
// and OCR'd) is being read. The target: loaded ≤ 2 × idle. The documents service and its worker
// run in this process on real Postgres and Redis (BullMQ), one OCR worker (the test harness's
// OCR_WORKERS=1) and the default documents at once (OCR_WORKERS + 1).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 NODE_ENV=test \
//     npx tsx bench/ocr-fair-share.mts [--runs 3] [--concurrency 1]
// `--concurrency 1` runs the lane one document at a time (DOCUMENTS_CONCURRENCY=1), as before this
// change: the scan then waits for the 200-page scan to finish (the run reports it as not finished
// after --wait seconds, default 180).
import { scannedPagePng } from '../services/documents/test/fixtures/generate';
import { type DocumentsHarness, startDocuments } from '../services/documents/test/helpers/service';
import { multipart } from '../services/documents/test/helpers/multipart';
import { ruledFormsPdf } from '../services/documents/test/fixtures/ruled-forms';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('--runs', 3);
const CONCURRENCY = process.argv.includes('--concurrency') ? String(arg('--concurrency', 2)) : undefined;
const WAIT_S = arg('--wait', 180);
const ENV = {
  EXTRACTION_PROVIDER: 'rules',
  HANDWRITING_PROVIDER: 'off',
  FACE_DETECTION: 'off',
  ...(CONCURRENCY ? { DOCUMENTS_CONCURRENCY: CONCURRENCY } : {}),
};

const row = async (h: DocumentsHarness, id: string) =>
  h.deps.database.db
    .selectFrom('documents')
    .innerJoin('processing_tasks', 'processing_tasks.document_id', 'documents.id')
    .select(['documents.processing_status as status', 'processing_tasks.step as step'])
    .where('documents.id', '=', id)
    .executeTakeFirstOrThrow();

/** Seconds from the upload's answer to "completed", polled every 50 ms; null when not done within `waitS`. */
async function oneScan(h: DocumentsHarness, user: string, n: number, waitS = WAIT_S): Promise<number | null> {
  const token = await h.token(user);
  const png = await scannedPagePng(`Baptism of John Turner, son of Samuel and Mary, ${1850 + n}.`);
  const started = performance.now();
  const doc = await uploadAccepted(h, token, `baptism-${n}.png`, png);
  for (;;) {
    const { status } = await row(h, doc._id);
    if (status === 'completed' || status === 'failed') return (performance.now() - started) / 1000;
    if (performance.now() - started > waitS * 1000) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** POST /api/documents/upload as the token's user; the upload must be accepted. */
async function uploadAccepted(h: DocumentsHarness, token: string, name: string, content: Buffer) {
  const form = multipart(name, content);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json() as { _id: string };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : Number.NaN;
};

const h = await startDocuments({ env: ENV });
try {
  await h.startWorker();
  // Warm: the OCR worker loads its model on first use.
  await oneScan(h, 'bench-warm', 0);
  const idle: number[] = [];
  for (let i = 1; i <= RUNS; i++) idle.push((await oneScan(h, 'bench-bob', i))!);

  const amy = await h.token('bench-amy');
  const pdf = await ruledFormsPdf(200);
  const backlog = await uploadAccepted(h, amy, 'forms-200.pdf', pdf);
  // Measured while Amy's pages are being OCR'd (after her 200 viewer images are rendered).
  for (;;) {
    const { status, step } = await row(h, backlog._id);
    if ((step as { step?: string } | null)?.step === 'ocr' || (status !== 'processing' && status !== 'pending')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const loaded: (number | null)[] = [];
  for (let i = 1; i <= RUNS; i++) loaded.push(await oneScan(h, 'bench-bob', 100 + i));
  const amyAfter = await row(h, backlog._id);
  const done = loaded.filter((x): x is number => x !== null);
  console.log(
    JSON.stringify(
      {
        documentsAtOnce: CONCURRENCY ?? 'default (OCR_WORKERS + 1 = 2)',
        backlog: `200-page PDF of ruled forms, ${pdf.length} bytes, one user`,
        idleSeconds: idle.map((x) => +x.toFixed(2)),
        loadedSeconds: loaded.map((x) => (x === null ? `not done after ${WAIT_S} s` : +x.toFixed(2))),
        medianIdle: +median(idle).toFixed(2),
        medianLoaded: done.length === loaded.length ? +median(done).toFixed(2) : null,
        ratio: done.length === loaded.length ? +(median(done) / median(idle)).toFixed(2) : null,
        backlogStillRunningAfter: amyAfter.status !== 'completed',
        backlogStep: amyAfter.step,
      },
      null,
      2,
    ),
  );
} finally {
  await h.close();
}
