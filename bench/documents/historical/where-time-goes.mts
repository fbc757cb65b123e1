// Where the reader's time goes on one page (issue 31, point 5): each step of the image parser's path timed on its own
// — preparing the picture, measuring its text height, each recognition readUpright asks for (with or without
// rotateAuto), orientation detection — beside one native `tesseract` run of the same PNG with the same model.
//   npx tsx bench/documents/historical/where-time-goes.mts <image> [lang=frk]
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { linkedModels, modelFile, OCR_MODEL } from '../../../services/documents/src/library/jobs/ocr-models';
import { readUpright } from '../../../services/documents/src/library/jobs/ocr-orientation';
import type { PageReader } from '../../../services/documents/src/library/jobs/ocr-types';
import { measureLineHeight } from '../../../services/documents/src/library/jobs/parsers/text-height';

const [file, lang = 'frk'] = process.argv.slice(2);
if (!file) throw new Error('usage: where-time-goes.mts <image> [lang]');
const dir = mkdtempSync(path.join(tmpdir(), 'gn-where-'));
const steps: [string, number][] = [];
async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await fn();
  steps.push([label, performance.now() - t]);
  return out;
}

const langPath = linkedModels(dir);
const cachePath = path.join(dir, OCR_MODEL);
const worker = await Tesseract.createWorker(lang, Tesseract.OEM.LSTM_ONLY, { langPath, cachePath, gzip: true });
await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
const osd = await Tesseract.createWorker('osd', Tesseract.OEM.TESSERACT_ONLY, {
  langPath,
  cachePath: path.join(cachePath, 'osd'),
  gzip: true,
  legacyCore: true,
  legacyLang: true,
});

// The worker warmed on a small picture first, as a running documents worker is.
await worker.recognize(await sharp(file).resize({ width: 400 }).png().toBuffer());
const png = await timed('prepare (greyscale, normalise, PNG)', () =>
  sharp(file)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer(),
);
await timed('measure text height', () => measureLineHeight(png));
await timed('recognize, no rotateAuto (before readUpright)', () =>
  worker.recognize(png, { rotateAuto: false }, { text: true, tsv: true }),
);
const reader: PageReader = {
  recognize: (image, _langs, o) =>
    timed(
      `recognize (rotateAuto ${o?.rotateAuto ?? true})`,
      async () =>
        (await worker.recognize(image, { rotateAuto: o?.rotateAuto ?? true }, { text: true, tsv: true })).data,
    ),
  detectOrientation: (image) =>
    timed('orientation (OSD)', async () => {
      const { data } = await osd.detect(image);
      return data.orientation_degrees === null
        ? null
        : { degrees: data.orientation_degrees, confidence: data.orientation_confidence ?? 0 };
    }),
};
const read = await timed('readUpright, all of it', () => readUpright(reader, png, { langs: lang, orient: true }));
await timed('recognize, no rotateAuto (after readUpright)', () =>
  worker.recognize(png, { rotateAuto: false }, { text: true, tsv: true }),
);

const tessdata = path.join(dir, 'tessdata');
const pngFile = path.join(dir, 'page.png');
writeFileSync(pngFile, png);
await import('node:fs').then((fs) => fs.mkdirSync(tessdata));
writeFileSync(path.join(tessdata, `${lang}.traineddata`), gunzipSync(readFileSync(modelFile(lang))));
await timed('native tesseract (same PNG, same model)', () =>
  promisify(execFile)('tesseract', [pngFile, 'stdout', '--oem', '1', '-l', lang, '--tessdata-dir', tessdata], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const { width, height } = await sharp(png).metadata();
console.log(
  `${path.basename(file)}: ${width}×${height}, confidence ${read.confidence.toFixed(1)}, rotation ${read.rotation}, skew ${read.skew}`,
);
for (const [label, ms] of steps) console.log(`${(ms / 1000).toFixed(2).padStart(7)} s  ${label}`);
await worker.terminate();
await osd.terminate();
rmSync(dir, { recursive: true, force: true });
