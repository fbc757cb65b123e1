// Photo or record scan: the photo rule (decision 0055) against the rule before it (fewer than 40
// letters of OCR text) on a mixed, labelled set — real photos, composed group photos, captioned
// photos, and record scans rendered from text (clean, noisy, phone picture). The images go
// through the real image parser and tesseract.js pool, as uploads do.
//   npx tsx bench/photos/classification.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classifyDocument } from '@gnology/genealogy/extraction/document-type';
import { looksLikePaper } from '../../services/documents/src/photos/domain/paper-look';
import { classifyImage } from '../../services/documents/src/photos/domain/photo-classification';
import { measurePaperOf } from '../../services/documents/src/photos/jobs/faces/paper-look-of-file';
import { createOcrPool } from '../../services/documents/src/library/jobs/ocr-pool';
import { imageParser } from '../../services/documents/src/library/jobs/parsers/image';
import { sampleImages } from './sample-images';

const dir = mkdtempSync(path.join(tmpdir(), 'gn-photo-bench-'));
const ocr = createOcrPool({ workers: 1, cacheDir: path.join(dir, 'cache') });
const samples = await sampleImages();
const rows: {
  name: string;
  truth: boolean;
  rule: boolean;
  wordsOnly: boolean;
  paper: boolean;
  old: boolean;
  confident: number;
  words: number;
  ms: number;
}[] = [];
for (const [i, s] of samples.entries()) {
  const file = path.join(dir, `img-${i}`);
  writeFileSync(file, s.image);
  const t = performance.now();
  const parsed = await imageParser.parse({
    path: file,
    size: s.image.length,
    ocr,
    languages: ['eng'],
    limits: { pdfPageLimit: 500, maxImagePixels: 120_000_000, docxMaxUncompressedBytes: 256 << 20 },
    storePageImage: async () => '',
    progress: async () => {},
    signal: new AbortController().signal,
  });
  const paper = looksLikePaper(await measurePaperOf(file));
  const verdict = classifyImage(parsed.ocrWords ?? [], { paper });
  const row = {
    name: s.name,
    truth: s.photo,
    rule: verdict.photo,
    wordsOnly: classifyImage(parsed.ocrWords ?? []).photo,
    paper,
    old: classifyDocument(parsed.text, { isImage: true }) === 'photo',
    confident: verdict.confidentWords,
    words: verdict.words,
    ms: Math.round(performance.now() - t),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
await ocr.close();
rmSync(dir, { recursive: true, force: true });

const score = (pick: (r: (typeof rows)[number]) => boolean) => {
  const ok = rows.filter((r) => pick(r) === r.truth).length;
  const photos = rows.filter((r) => r.truth);
  const scans = rows.filter((r) => !r.truth);
  return `${ok}/${rows.length} (${((ok / rows.length) * 100).toFixed(1)} %); photos right ${photos.filter((r) => pick(r)).length}/${photos.length}, scans right ${scans.filter((r) => !pick(r)).length}/${scans.length}`;
};
const mark = (ok: boolean) => (ok ? '✓' : '✗');
console.log(
  '\n| image | truth | confident words / words | looks like paper | photo rule | words only | letters < 40 (before) |\n|---|---|---|---|---|---|---|',
);
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.truth ? 'photo' : 'record'} | ${r.confident} / ${r.words} | ${r.paper ? 'yes' : 'no'} | ${mark(r.rule === r.truth)} | ${mark(r.wordsOnly === r.truth)} | ${mark(r.old === r.truth)} |`,
  );
console.log(`\nphoto rule (words and paper look): ${score((r) => r.rule)}`);
console.log(`words only: ${score((r) => r.wordsOnly)}`);
console.log(`letters < 40 (before): ${score((r) => r.old)}`);
