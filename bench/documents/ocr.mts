// OCR throughput and accuracy: tesseract.js (our pool, 1 and 2 workers, model 4.0.0_best_int)
// against the native `tesseract` CLI (Debian tesseract-ocr, OMP_THREAD_LIMIT=1, 1 and 2 processes)
// on the same 300-dpi A4 pages, with the same model and with Debian's own.
//   npx tsx bench/documents/ocr.mts [pages=8]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createOcrPool, modelLangPath } from '../../services/documents/src/library/jobs/ocr-pool';
import { scannedPagePng } from '../../services/documents/test/fixtures/generate';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from '../../services/documents/test/fixtures/texts';
import { characterErrorRate } from './text-metrics';

const run = promisify(execFile);
const PAGES = Number(process.argv[2] ?? 8);
const dir = mkdtempSync(path.join(tmpdir(), 'gn-ocr-bench-'));
const texts = [OBITUARY, BIRTH, CENSUS, LETTER, MARRIAGE];

// Full pages of realistic text: each page repeats records until it is about 30 lines long.
const pages: { file: string; truth: string }[] = [];
for (let i = 0; i < PAGES; i++) {
  const truth = [texts[i % 5], texts[(i + 1) % 5], texts[(i + 2) % 5]].join('\n\n');
  const file = path.join(dir, `page-${i}.png`);
  writeFileSync(file, await scannedPagePng(truth));
  pages.push({ file, truth });
}

async function timed<T>(fn: () => Promise<T>) {
  const t = performance.now();
  const out = await fn();
  return { out, ms: performance.now() - t };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
    }),
  );
  return out;
}

const results: Record<string, string | number>[] = [];
const report = (name: string, ms: number, texts: string[]) => {
  const cer = texts.reduce((s, t, i) => s + characterErrorRate(pages[i]!.truth, t), 0) / texts.length;
  const row = {
    engine: name,
    pages: texts.length,
    'wall ms per page': Math.round(ms / texts.length),
    'pages/min': +((texts.length / ms) * 60_000).toFixed(1),
    'CER %': +(cer * 100).toFixed(2),
  };
  results.push(row);
  console.log(JSON.stringify(row));
};

for (const workers of [1, 2]) {
  const pool = createOcrPool({ workers, cacheDir: path.join(dir, 'cache') });
  await pool.recognize(readFileSync(pages[0]!.file)); // warm up: workers created and model loaded
  const { out, ms } = await timed(() =>
    mapLimit(pages, workers, async (p) => (await pool.recognize(readFileSync(p.file))).text),
  );
  report(`tesseract.js ×${workers} (best_int)`, ms, out);
  await pool.close();
}

// The same model for the native CLI: the .traineddata from @tesseract.js-data, unpacked.
const sameModel = path.join(dir, 'tessdata');
mkdirSync(sameModel);
writeFileSync(
  path.join(sameModel, 'eng.traineddata'),
  gunzipSync(readFileSync(path.join(modelLangPath(), 'eng.traineddata.gz'))),
);
const native = (tessdata?: string) => async (p: { file: string }) => {
  const args = [p.file, 'stdout', '--oem', '1', '-l', 'eng', ...(tessdata ? ['--tessdata-dir', tessdata] : [])];
  const { stdout } = await run('tesseract', args, {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
};
for (const [label, tessdata] of [
  ['best_int', sameModel],
  ['Debian model', undefined],
] as const) {
  for (const procs of [1, 2]) {
    await native(tessdata)(pages[0]!); // warm the page cache
    const { out, ms } = await timed(() => mapLimit(pages, procs, native(tessdata)));
    report(`native tesseract ×${procs} (${label})`, ms, out);
  }
}
const { stdout: version } = await run('tesseract', ['--version']);
console.log(`\n${version.split('\n')[0]}; ${PAGES} pages of 2481×3507 px (300 dpi A4)`);
console.table(results);
rmSync(dir, { recursive: true, force: true });
