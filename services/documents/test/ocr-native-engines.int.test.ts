import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrWord } from '../src/photos/domain/ocr-words';
import { nativeTesseractVersion } from '../src/library/jobs/ocr-native';
import { createOcrPool, type OcrEngine, type OcrResult } from '../src/library/jobs/ocr-pool';
import { scannedPagePng } from './fixtures/generate';
import { BIRTH, LETTER } from './fixtures/texts';

/*
 * Decision 0237: one table of cases, run against each engine's reader — native Tesseract 5 (the CLI, as OCR_ENGINE=auto
 * picks it where Debian's tesseract-ocr is installed: scripts/lib/ensure-packages.mjs installs it for this suite) and
 * tesseract.js — on the repo's scanned-page fixtures; then the two readings of each page are held side by side.
 */

const ENGINES = ['native', 'wasm'] as const;
type Engine = (typeof ENGINES)[number];

/** Each engine's reading of each case, compared once both have read. */
const readings = new Map<string, OcrResult>();
const key = (engine: Engine, name: string) => `${engine}:${name}`;

let pages: { birth: Buffer; letter: Buffer; skewed: Buffer; turned: Buffer };
beforeAll(async () => {
  const birth = await scannedPagePng(BIRTH, { heightInches: 4 });
  pages = {
    birth,
    letter: await scannedPagePng(LETTER, { heightInches: 5 }),
    skewed: await sharp(birth).rotate(2, { background: '#fbfaf6' }).png().toBuffer(),
    turned: await sharp(birth).rotate(90).png().toBuffer(),
  };
});

const words = (r: OcrResult) => r.text.split(/\s+/).filter(Boolean);

describe.each(ENGINES)('the %s engine', (engine) => {
  let ocr: OcrEngine;
  /** Reads made through the pool, noted by the wrapped reader: [rotateAuto] of each recognition. */
  const calls: boolean[] = [];
  let emptyOnAuto = false;
  beforeAll(async () => {
    if (engine === 'native') expect(await nativeTesseractVersion()).toMatch(/^5\./);
    ocr = createOcrPool({
      workers: 1,
      cacheDir: mkdtempSync(path.join(tmpdir(), `gn-engines-${engine}-`)),
      engine,
      // Issue 31 point 1 on cue: the reading with rotateAuto comes back empty at high confidence, as tesseract.js's did.
      wrapReader: (reader) => ({
        ...reader,
        async recognize(image, langs, opts) {
          calls.push(opts?.rotateAuto ?? true);
          const page = await reader.recognize(image, langs, opts);
          return emptyOnAuto && (opts?.rotateAuto ?? true)
            ? { text: '', tsv: '', confidence: 95, rotateRadians: 0 }
            : page;
        },
      }),
    });
  });
  afterAll(() => ocr.close());

  it('reads a typed page upright: its words, boxes on the page, a high confidence', async () => {
    const r = await ocr.recognize(pages.birth);
    readings.set(key(engine, 'birth'), r);
    expect(r.text).toContain('CERTIFICATE OF BIRTH');
    expect(r.text).toContain('James Robert Wilson');
    expect(r.confidence).toBeGreaterThanOrEqual(85);
    expect(r.rotation).toBe(0);
    expect(r.skew).toBe(0);
    expect(r.upright).toBeUndefined();
    for (const w of r.words) {
      expect(w.left + w.width).toBeLessThanOrEqual(r.width);
      expect(w.top + w.height).toBeLessThanOrEqual(r.height);
    }
    expect(r.words.length).toBe(words(r).length);
  });

  it('reads a letter with its date and names', async () => {
    const r = await ocr.recognize(pages.letter);
    readings.set(key(engine, 'letter'), r);
    expect(r.text).toContain('Boston, 12 October 1862');
  });

  it('straightens a page laid 2° crooked and shows it as read', async () => {
    const r = await ocr.recognize(pages.skewed);
    readings.set(key(engine, 'skewed'), r);
    expect(r.skew).toBeCloseTo(-2, 0);
    expect(Math.abs(r.skew + 2)).toBeLessThan(0.3);
    expect(r.upright).toBeInstanceOf(Buffer);
    const shown = await sharp(r.upright!).metadata();
    expect([shown.width, shown.height]).toEqual([r.width, r.height]);
    expect(r.text).toContain('James Robert Wilson');
  });

  it('finds a page turned a quarter and reads it upright', async () => {
    const r = await ocr.recognize(pages.turned);
    readings.set(key(engine, 'turned'), r);
    expect(r.rotation).toBe(270);
    expect(r.text).toContain('CERTIFICATE OF BIRTH');
  });

  it('reads a page with ink again without rotateAuto when the first reading is empty (issue 31 point 1)', async () => {
    calls.length = 0;
    emptyOnAuto = true;
    try {
      const r = await ocr.recognize(pages.birth, { orient: false });
      expect(calls).toEqual([true, false]);
      expect(r.text).toContain('James Robert Wilson');
      expect(r.words.length).toBeGreaterThan(20);
    } finally {
      emptyOnAuto = false;
    }
  });
});

/** Words of `a` found at the same place in `b` (same text, box within `px`). */
function matched(a: readonly OcrWord[], b: readonly OcrWord[], px: number): number {
  return a.filter((w) =>
    b.some(
      (v) =>
        v.text === w.text &&
        Math.abs(v.left - w.left) <= px &&
        Math.abs(v.top - w.top) <= px &&
        Math.abs(v.width - w.width) <= px &&
        Math.abs(v.height - w.height) <= px,
    ),
  ).length;
}

describe('both engines, side by side', () => {
  it.each(['birth', 'letter', 'skewed', 'turned'])(
    '%s: the same words at the same places, the same order, a like confidence',
    (name) => {
      const native = readings.get(key('native', name));
      const wasm = readings.get(key('wasm', name));
      expect(native && wasm).toBeTruthy();
      // Same models, same segmentation: a word or two may differ (the straightening angle is measured differently).
      expect(matched(native!.words, wasm!.words, 4)).toBeGreaterThanOrEqual(Math.floor(wasm!.words.length * 0.95));
      expect(native!.words.length).toBeGreaterThanOrEqual(wasm!.words.length - 2);
      expect(native!.words.length).toBeLessThanOrEqual(wasm!.words.length + 2);
      expect(Math.abs(native!.confidence - wasm!.confidence)).toBeLessThanOrEqual(3);
      expect(native!.rotation).toBe(wasm!.rotation);
      if (name !== 'skewed') expect(native!.text).toBe(wasm!.text);
    },
  );
});
