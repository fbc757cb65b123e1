// Reading real layouts (issue 14): character error and time per page, per layout class, of
// GNology's OCR engine (the pool the worker uses: automatic segmentation, straightening, orientation)
// against native tesseract (Debian's `tesseract-ocr` CLI, one thread, default segmentation) with the
// same model (@tesseract.js-data/eng 4.0.0_best_int, unpacked); and the cost of orientation handling on
// upright pages (tesseract.js with `rotateAuto` against without, same worker, same pages).
//   npx tsx bench/documents/ocr-layout.mts [rounds=2]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import Tesseract from 'tesseract.js';
import { modelFile, OCR_MODEL } from '../../services/documents/src/library/jobs/ocr-models';
import { createOcrPool } from '../../services/documents/src/library/jobs/ocr-pool';
import { scannedPagePng } from '../../services/documents/test/fixtures/generate';
import {
  censusPage,
  type LaidOutPage,
  skewed,
  threeColumnPage,
  turned,
  twoColumnPage,
} from '../../services/documents/test/fixtures/layouts';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from '../../services/documents/test/fixtures/texts';
import { characterErrorRate } from './text-metrics';

const run = promisify(execFile);
const ROUNDS = Number(process.argv[2] ?? 2);
const dir = mkdtempSync(path.join(tmpdir(), 'gn-ocr-layout-'));
const single = [OBITUARY, BIRTH, CENSUS, LETTER, MARRIAGE].join('\n\n');

const twoColumns = await twoColumnPage();
const classes: [string, LaidOutPage[]][] = [
  ['single column', [{ png: await scannedPagePng(single), truth: single }]],
  ['2 columns', [twoColumns]],
  ['3 columns', [await threeColumnPage()]],
  ['census table', [await censusPage()]],
  [
    'turned 90/180/270°',
    await Promise.all(
      ([90, 180, 270] as const).map(async (d) => ({ png: await turned(twoColumns.png, d), truth: twoColumns.truth })),
    ),
  ],
  [
    'skewed 3–7°',
    await Promise.all([3, -5, 7].map(async (d) => ({ png: await skewed(twoColumns.png, d), truth: twoColumns.truth }))),
  ],
];

const files = new Map<Buffer, string>();
let n = 0;
for (const [, pages] of classes)
  for (const p of pages) {
    const file = path.join(dir, `page-${n++}.png`);
    writeFileSync(file, p.png);
    files.set(p.png, file);
  }

const tessdata = path.join(dir, 'tessdata');
mkdirSync(tessdata);
writeFileSync(path.join(tessdata, 'eng.traineddata'), gunzipSync(readFileSync(modelFile('eng'))));
const native = async (png: Buffer) => {
  const args = [files.get(png)!, 'stdout', '--oem', '1', '-l', 'eng', '--tessdata-dir', tessdata];
  const { stdout } = await run('tesseract', args, {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
};
const pool = createOcrPool({ workers: 1, cacheDir: path.join(dir, 'cache') });
const ours = async (png: Buffer) => (await pool.recognize(png)).text;
await ours(classes[0]![1][0]!.png); // workers created, model loaded
await native(classes[0]![1][0]!.png); // page cache warm

const measure = async (read: (png: Buffer) => Promise<string>, pages: LaidOutPage[]) => {
  let ms = 0;
  let error = 0;
  for (let r = 0; r < ROUNDS; r++)
    for (const p of pages) {
      const t = performance.now();
      const text = await read(p.png);
      ms += performance.now() - t;
      if (r === 0) error += characterErrorRate(p.truth, text);
    }
  return { cer: (error / pages.length) * 100, ms: ms / (pages.length * ROUNDS) };
};

const rows: string[] = [];
for (const [name, pages] of classes) {
  const a = await measure(ours, pages);
  const b = await measure(native, pages);
  const row = `| ${name} | ${pages.length} | ${a.cer.toFixed(1)} | ${b.cer.toFixed(1)} | ${(a.cer - b.cer).toFixed(1)} | ${Math.round(a.ms)} | ${Math.round(b.ms)} | ${(a.ms / b.ms).toFixed(2)} |`;
  rows.push(row);
  console.log(row);
}
await pool.close();

// Orientation handling's cost on upright pages: the same worker and pages, straightening on and off.
// (The orientation model itself never runs on a page that reads upright.)
const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
  langPath: path.dirname(modelFile('eng')),
  cachePath: path.join(dir, 'raw'),
  gzip: true,
});
await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
const upright = classes.slice(0, 4).flatMap(([, pages]) => pages);
await worker.recognize(upright[0]!.png);
const timing = { plain: 0, rotateAuto: 0 };
for (let r = 0; r < ROUNDS + 1; r++)
  for (const p of upright)
    for (const mode of r % 2 ? (['plain', 'rotateAuto'] as const) : (['rotateAuto', 'plain'] as const)) {
      const t = performance.now();
      await worker.recognize(p.png, { rotateAuto: mode === 'rotateAuto' });
      timing[mode] += performance.now() - t;
    }
await worker.terminate();
const { stdout: version } = await run('tesseract', ['--version']);
console.log(
  `\norientation handling on ${upright.length} upright pages × ${ROUNDS + 1}: ${(timing.rotateAuto / timing.plain - 1) * 100 > 0 ? '+' : ''}${((timing.rotateAuto / timing.plain - 1) * 100).toFixed(1)}% (${Math.round(timing.plain / (upright.length * (ROUNDS + 1)))} → ${Math.round(timing.rotateAuto / (upright.length * (ROUNDS + 1)))} ms a page)`,
);
console.log(`${version.split('\n')[0]}; model ${OCR_MODEL}; 300 dpi pages; ${ROUNDS} rounds`);
rmSync(dir, { recursive: true, force: true });
