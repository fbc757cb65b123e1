// The OCR worker's cold start, the input of KEDA's scale-from-zero decision (docs/ops/scaling.md):
// (1) a documents worker process from `node dist/documents.mjs` (ROLE=worker) to /readyz 200,
// (2) the OCR pool's first page (workers created, model loaded) against a warm page.
//   NODE_ENV=production node scripts/build.mjs && npx tsx bench/ops/worker-cold-start.mts
// Needs DATABASE_URL and REDIS_URL (the machine's; `source` what npm test exports, or set them).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOcrPool } from '../../services/documents/src/library/jobs/ocr-pool';
import { scannedPagePng } from '../../services/documents/test/fixtures/generate';
import { CENSUS, LETTER, OBITUARY } from '../../services/documents/test/fixtures/texts';

const RUNS = Number(process.argv[2] ?? 3);
const dir = mkdtempSync(path.join(tmpdir(), 'gn-cold-'));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function processToReady(port: number): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/documents.mjs'], {
    env: {
      ...process.env,
      ROLE: 'worker',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      INTERNAL_TOKEN: 'cold-start-bench-token',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      ALLOW_EMBEDDED_DEFAULTS: 'true',
      QUEUE_PREFIX: 'coldstart',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - t0;
      if (performance.now() - t0 > 120_000) throw new Error('worker not ready within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const page = await scannedPagePng([OBITUARY, CENSUS, LETTER].join('\n\n'));
const rows: { run: number; readyMs: number; firstPageMs: number; warmPageMs: number }[] = [];
for (let run = 1; run <= RUNS; run++) {
  const readyMs = await processToReady(28_400 + run);
  const pool = createOcrPool({ workers: 1, cacheDir: path.join(dir, `cache-${run}`) });
  let t = performance.now();
  await pool.recognize(page);
  const firstPageMs = performance.now() - t;
  t = performance.now();
  await pool.recognize(page);
  const warmPageMs = performance.now() - t;
  await pool.close();
  rows.push({
    run,
    readyMs: Math.round(readyMs),
    firstPageMs: Math.round(firstPageMs),
    warmPageMs: Math.round(warmPageMs),
  });
  console.log(JSON.stringify(rows.at(-1)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ready = median(rows.map((r) => r.readyMs));
const first = median(rows.map((r) => r.firstPageMs));
const warm = median(rows.map((r) => r.warmPageMs));
console.log(
  `\nmedian of ${RUNS}: process to /readyz ${ready} ms; first page ${first} ms (model load ${first - warm} ms); warm page ${warm} ms`,
);
console.log(`cold start to first page done ≈ ${((ready + first) / 1000).toFixed(1)} s`);
rmSync(dir, { recursive: true, force: true });
