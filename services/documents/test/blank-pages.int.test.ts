import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine, OcrResult } from '../src/library/jobs/ocr-pool';
import { scannedPagePng } from './fixtures/generate';
import { parsePdf } from './fixtures/pdf-parse';

/**
 * Issue 29, point 5: a PDF of blank pages (a few KB for hundreds of pages) was rendered at 300 dpi
 * and OCR'd page by page. Blank pages (no text layer, and a rendered page with no ink on it) are
 * now skipped before the full-resolution render and OCR; a scanned page with writing on it is
 * still read. The REAL pdf.js thread renders the pages; the OCR engine counts what it is given.
 */
async function pdfWithBlanks(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // 1: a scan with writing; 2: an empty page; 3: a scan of an empty sheet (off-white, a few specks);
  // 4: a scan with one short line; 5: an empty page.
  const scan = async (jpeg: Buffer) => {
    const img = await pdf.embedJpg(jpeg);
    pdf.addPage([595, 842]).drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
  };
  await scan(await scannedPagePng('Baptism of John Turner, son of Samuel and Mary, 4 May 1850.', { format: 'jpeg' }));
  pdf.addPage([595, 842]);
  await scan(await blankScanJpeg());
  await scan(await scannedPagePng('Page 2 of the register.', { format: 'jpeg' }));
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/** An empty sheet as a scanner gives it: off-white with faint unevenness and a few dust specks. */
async function blankScanJpeg(): Promise<Buffer> {
  const width = 1240;
  const height = 1754;
  const px = Buffer.alloc(width * height, 0);
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < px.length; i++) px[i] = 244 + Math.floor(rand() * 8);
  for (let s = 0; s < 12; s++) {
    const x = Math.floor(rand() * (width - 2));
    const y = Math.floor(rand() * (height - 2));
    for (const d of [0, 1, width, width + 1]) px[y * width + x + d] = 90;
  }
  return sharp(px, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('blank PDF pages are not OCR’d (issue 29, point 5)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gn-blank-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('skips the blank pages before the 300 dpi render and OCR, and reads the written ones', async () => {
    const file = path.join(dir, 'register.pdf');
    const bytes = await pdfWithBlanks();
    await writeFile(file, bytes);
    const read: number[] = [];
    const ocr: OcrEngine = {
      size: 1,
      async recognize(image) {
        const meta = await sharp(image).metadata();
        read.push(meta.height ?? 0);
        return {
          text: `read page ${read.length} at ${meta.width}x${meta.height}`,
          confidence: 90,
          words: [],
          rotation: 0,
          skew: 0,
          width: meta.width ?? 0,
          height: meta.height ?? 0,
        } satisfies OcrResult;
      },
      close: async () => {},
    };
    const steps: unknown[] = [];
    const parsed = await parsePdf(file, bytes, ocr, async (s) => {
      steps.push(s);
    });
    expect(parsed.pages).toHaveLength(5);
    // Two pages have writing on them: only they are rendered at 300 dpi (A4: 3508 px high) and read.
    expect(read).toHaveLength(2);
    expect(read.every((h) => h > 3000)).toBe(true);
    expect(parsed.pages.map((p) => p.ocr)).toEqual([true, false, false, true, false]);
    for (const n of [2, 3, 5]) expect(parsed.pages[n - 1]).toMatchObject({ text: '', ocr: false, confidence: null });
    // The OCR step counts the pages it reads, not the blank ones.
    expect(steps).toContainEqual({ step: 'ocr', page: 2, of: 2 });
  });

  it('a 100-page PDF of blank pages (a few KB) is read without any OCR', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 100; i++) pdf.addPage([595, 842]);
    const bytes = Buffer.from(await pdf.save());
    expect(bytes.length).toBeLessThan(20_000);
    const file = path.join(dir, 'empty.pdf');
    await writeFile(file, bytes);
    let calls = 0;
    const parsed = await parsePdf(file, bytes, {
      size: 1,
      recognize: async () => {
        calls++;
        throw new Error('a blank page must not reach OCR');
      },
      close: async () => {},
    });
    expect(calls).toBe(0);
    expect(parsed.pages).toHaveLength(100);
    expect(parsed.text).toBe('');
  }, 120_000);
});
