import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrResult } from '../src/library/jobs/ocr-types';
import { imageParser } from '../src/library/jobs/parsers/image';
import { enlargementFor, measureLineHeight, TARGET_LINE_HEIGHT } from '../src/library/jobs/parsers/text-height';
import type { ParseContext } from '../src/library/jobs/parsers/types';

/*
 * Issue 31, point 2: small pictures were enlarged 2× whatever their text, which emptied short typewritten lines.
 * The scale comes from the measured height of the lines; an enlarged reading that comes out weak is compared with
 * the reading at the picture's own size. The OCR engine here stands in for tesseract: the policy is what is tested.
 */

/** A white picture with `lines` bars of ink `lineHeight` px high, as lines of type look to a projection. */
async function typed(width: number, lineHeight: number, lines = 6): Promise<Buffer> {
  const height = lines * lineHeight * 2 + 40;
  const bars = Array.from(
    { length: lines },
    (_, i) => `<rect x="20" y="${20 + i * lineHeight * 2}" width="${width - 40}" height="${lineHeight}" fill="#000"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${bars.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const WORDS = ['Dear', 'Sir,', 'your', 'letter', 'of', 'the', 'fourth', 'instant', 'came'];
const reading = (width: number, height: number, words: readonly string[], confidence: number): OcrResult => ({
  text: words.join(' '),
  confidence,
  words: words.map((text, i) => ({ text, confidence, left: 10 + i * 40, top: 10, width: 35, height: 12 })),
  rotation: 0,
  skew: 0,
  width,
  height,
});

/** Parses `png` with an engine that answers `answer(width)` and records the widths it was given. */
async function parse(png: Buffer, answer: (width: number, height: number) => OcrResult) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gn-text-height-'));
  const file = path.join(dir, 'page.png');
  writeFileSync(file, png);
  const widths: number[] = [];
  const ctx: ParseContext = {
    path: file,
    size: png.length,
    ocr: {
      size: 1,
      close: async () => undefined,
      async recognize(image) {
        const { width = 0, height = 0 } = await sharp(image).metadata();
        widths.push(width);
        return answer(width, height);
      },
    },
    languages: ['eng'],
    limits: { pdfPageLimit: 100, maxImagePixels: 50e6, docxMaxUncompressedBytes: 50e6 },
    storePageImage: async () => 'key',
    progress: async () => undefined,
    signal: new AbortController().signal,
  };
  const result = await imageParser.parse(ctx);
  return { result, widths };
}

describe('the scale comes from the text (issue 31, point 2)', () => {
  it('measures the height of the lines of ink, and none on a blank page', async () => {
    expect(await measureLineHeight(await typed(600, 12))).toBe(12);
    expect(await measureLineHeight(await typed(600, 30))).toBe(30);
    const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await measureLineHeight(blank)).toBeNull();
  });

  it('enlarges small print on a small picture to the target height; large print and large pictures not at all; never past 4× or 4,000 px', () => {
    expect(enlargementFor(10, 800)).toBe(TARGET_LINE_HEIGHT / 10);
    expect(enlargementFor(36, 800)).toBe(1);
    expect(enlargementFor(4, 800)).toBe(4);
    expect(enlargementFor(null, 800)).toBe(1);
    expect(enlargementFor(10, 1200)).toBeCloseTo(4000 / 1200);
    expect(enlargementFor(10, 2480)).toBe(1);
  });

  it('reads a small picture with large print at its own size', async () => {
    const { widths } = await parse(await typed(700, 36), (w, h) => reading(w, h, WORDS, 90));
    expect(widths).toEqual([700]);
  });

  it('keeps the reading at its own size when the enlarged one comes out empty', async () => {
    const { result, widths } = await parse(await typed(700, 14), (w, h) =>
      w > 700 ? reading(w, h, [], 0) : reading(w, h, WORDS, 88),
    );
    expect(widths[0]).toBeGreaterThan(700);
    expect(widths[1]).toBe(700);
    expect(result.text).toBe(WORDS.join(' '));
  });

  it('keeps the enlarged reading when it reads well, and reads once', async () => {
    const { result, widths } = await parse(await typed(700, 14), (w, h) =>
      w > 700 ? reading(w, h, WORDS, 91) : reading(w, h, [], 0),
    );
    expect(widths).toHaveLength(1);
    expect(result.text).toBe(WORDS.join(' '));
  });
});
