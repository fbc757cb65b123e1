import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { OcrResult } from '../src/library/jobs/ocr-types';
import { imageParser } from '../src/library/jobs/parsers/image';
import type { ParseContext } from '../src/library/jobs/parsers/types';

/*
 * A photograph is shown as it was uploaded. The native engine measures a slope on any picture and hands back a grey,
 * straightened copy; on a photo with no text that copy became the thumbnail (grey and tilted in the gallery).
 */
async function parseWith(reading: (image: Buffer) => Promise<OcrResult>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gn-photo-thumb-'));
  const file = path.join(dir, 'photo.jpg');
  writeFileSync(
    file,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer(),
  );
  const stored: Buffer[] = [];
  const ctx: ParseContext = {
    path: file,
    size: 1,
    ocr: { size: 1, close: async () => undefined, recognize: reading },
    languages: ['eng'],
    limits: { pdfPageLimit: 100, maxImagePixels: 50e6, docxMaxUncompressedBytes: 50e6 },
    storePageImage: async (_n, data) => {
      stored.push(data);
      return 'key';
    },
    progress: async () => undefined,
    signal: new AbortController().signal,
  };
  return { result: await imageParser.parse(ctx), stored };
}

/** The straightened grey copy a reader hands back, and the words it read on it. */
async function straightenedReading(image: Buffer, words: OcrResult['words']): Promise<OcrResult> {
  const meta = await sharp(image).metadata();
  const upright = await sharp(image).rotate(2, { background: '#ffffff' }).png().toBuffer();
  return {
    text: words.map((w) => w.text).join(' '),
    confidence: words.length ? 90 : 0,
    words,
    rotation: 0,
    skew: 2,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    upright,
  };
}

const redOf = async (jpeg: Buffer) => {
  const { channels } = await sharp(jpeg).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean };
};

describe('a photograph keeps its own look', () => {
  it('a picture with no text read keeps its colour thumbnail, whatever the reader straightened', async () => {
    const { result, stored } = await parseWith((image) => straightenedReading(image, []));
    const { r, g } = await redOf(result.thumbnail!);
    expect(r - g).toBeGreaterThan(80);
    expect(stored).toEqual([]);
  });

  it('a page of text read straightened is shown as it was read', async () => {
    const word = (text: string, left: number) => ({ text, confidence: 92, left, top: 100, width: 80, height: 30 });
    const { result, stored } = await parseWith((image) =>
      straightenedReading(image, [
        word('Thomas', 100),
        word('Whitfield', 200),
        word('farmer', 320),
        word('Raleigh', 420),
      ]),
    );
    expect(stored).toHaveLength(1);
    const { r, g } = await redOf(result.thumbnail!);
    expect(Math.abs(r - g)).toBeLessThan(10);
  });
});
