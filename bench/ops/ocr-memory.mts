// Memory of the documents worker's OCR pool by worker count, the input of the documents-worker's
// memory request and limit (k8s/base/documents.yaml, docs/ops/scaling.md):
//   npx tsx bench/ops/ocr-memory.mts [workers ...]      (default: 1 2)
// Each count runs in a fresh process: RSS before the pool, then the pool recognising 2 pages per
// worker at once, with the process's peak RSS (maxRSS) at the end. tesseract.js workers are
// worker threads, so their memory is the process's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MB = 1024 * 1024;

if (process.env.OCR_MEMORY_CHILD) {
  const workers = Number(process.env.OCR_MEMORY_CHILD);
  const { createOcrPool } = await import('../../services/documents/src/library/jobs/ocr-pool');
  const { scannedPagePng } = await import('../../services/documents/test/fixtures/generate');
  const { CENSUS, LETTER, OBITUARY } = await import('../../services/documents/test/fixtures/texts');
  const page = await scannedPagePng([OBITUARY, CENSUS, LETTER].join('\n\n'));
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const dir = mkdtempSync(path.join(tmpdir(), 'gn-ocrmem-'));
  const pool = createOcrPool({ workers, cacheDir: dir });
  await pool.recognize(page); // workers created, model loaded
  const loaded = process.memoryUsage().rss;
  await Promise.all(Array.from({ length: 2 * workers }, () => pool.recognize(page)));
  clearInterval(timer);
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      workers,
      beforeMB: Math.round(before / MB),
      loadedMB: Math.round(loaded / MB),
      peakMB: Math.round(peak / MB),
    }),
  );
} else {
  const counts = process.argv.slice(2).map(Number);
  const self = fileURLToPath(import.meta.url);
  const rows: { workers: number; beforeMB: number; loadedMB: number; peakMB: number }[] = [];
  for (const n of counts.length ? counts : [1, 2]) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', self], {
      env: { ...process.env, OCR_MEMORY_CHILD: String(n) },
      encoding: 'utf8',
    });
    const line = r.stdout.trim().split('\n').at(-1) ?? '';
    if (r.status !== 0 || !line.startsWith('{')) throw new Error(`OCR pool of ${n} failed: ${r.stderr.slice(-2000)}`);
    rows.push(JSON.parse(line));
    console.log(line);
  }
  console.log(
    '\n| OCR workers | RSS before the pool MB | after the first page MB | peak, 2 pages per worker at once MB |',
  );
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.workers} | ${r.beforeMB} | ${r.loadedMB} | ${r.peakMB} |`);
}
