import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageParser } from '../src/library/jobs/parsers/image';
import { enlargementOf } from '../src/library/jobs/parsers/text-height';
import type { ParseContext } from '../src/library/jobs/parsers/types';

/*
 * Issue 31, point 5: what the image path spends around tesseract on a large page (measured on the historical bench,
 * decision 0232): the page went to tesseract as a three-channel PNG (three times the pixels to encode, copy and
 * decode) and a large page's lines were measured only to be told it is not enlarged.
 */
describe('what a page costs around the OCR', () => {
  it('hands tesseract one grey channel, whatever colours the upload had', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gn-page-cost-'));
    const file = path.join(dir, 'page.jpg');
    writeFileSync(
      file,
      await sharp({ create: { width: 1800, height: 2400, channels: 3, background: '#e8dcc0' } })
        .jpeg()
        .toBuffer(),
    );
    const channels: number[] = [];
    const ctx: ParseContext = {
      path: file,
      size: 1,
      ocr: {
        size: 1,
        close: async () => undefined,
        async recognize(image) {
          const meta = await sharp(image).metadata();
          channels.push(meta.channels ?? 0);
          return {
            text: '',
            confidence: 0,
            words: [],
            rotation: 0,
            skew: 0,
            width: meta.width ?? 0,
            height: meta.height ?? 0,
          };
        },
      },
      languages: ['eng'],
      limits: { pdfPageLimit: 100, maxImagePixels: 50e6, docxMaxUncompressedBytes: 50e6 },
      storePageImage: async () => 'key',
      progress: async () => undefined,
      signal: new AbortController().signal,
    };
    await imageParser.parse(ctx);
    expect(channels).toEqual([1]);
  });

  it('does not measure the text of a picture too large to be enlarged', async () => {
    // Not an image at all: measuring it would throw; a picture of 1,600 px or more is read as it is, unmeasured.
    await expect(enlargementOf(Buffer.from('not decoded'), 3000)).resolves.toBe(1);
    const small = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#fff' } })
      .composite([
        { input: { create: { width: 560, height: 10, channels: 3, background: '#000' } }, top: 40, left: 20 },
        { input: { create: { width: 560, height: 10, channels: 3, background: '#000' } }, top: 80, left: 20 },
        { input: { create: { width: 560, height: 10, channels: 3, background: '#000' } }, top: 120, left: 20 },
      ])
      .png()
      .toBuffer();
    expect(await enlargementOf(small, 600)).toBe(4);
  });
});
