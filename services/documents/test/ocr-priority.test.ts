import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { A4_PIXELS_300_DPI, ocrWork, processingPriority } from '../src/library/domain/processing-lanes';
import { ocrCostOfFile } from '../src/library/jobs/ocr-cost';

/**
 * Issue 29, point 5: the OCR lane's order comes from the work a document is (its pages, and their
 * pixels at 300 dpi), not its bytes; and a user's documents take turns with other users' (the
 * n-th waiting document of a user is behind every other user's first).
 */
describe('OCR priority from pages, pixels and turns', () => {
  it('orders by pages, not bytes: a few-KB PDF of 500 pages runs after a 5 MB one-page scan', () => {
    const tinyLong = processingPriority('pdf', { pages: 500 }, 0)!;
    const bigShort = processingPriority('png', { pages: 1, pixels: 8_000_000 }, 0)!;
    expect(bigShort).toBeLessThan(tinyLong);
    expect(processingPriority('pdf', { pages: 3 }, 0)!).toBeLessThan(processingPriority('pdf', { pages: 40 }, 0)!);
    expect(processingPriority('txt', { pages: 1 }, 0)).toBeUndefined();
  });

  it('counts an oversized page as the A4 pages its pixels make', () => {
    expect(ocrWork({ pages: 1, pixels: A4_PIXELS_300_DPI })).toBe(1);
    expect(ocrWork({ pages: 1, pixels: 10 * A4_PIXELS_300_DPI })).toBe(10);
    expect(ocrWork({ pages: 20, pixels: 10 * A4_PIXELS_300_DPI })).toBe(20);
    expect(processingPriority('jpeg', { pages: 1, pixels: 1_000_000 }, 0)!).toBeLessThan(
      processingPriority('jpeg', { pages: 1, pixels: 100_000_000 }, 0)!,
    );
  });

  it("puts a user's second waiting document behind every other user's first, however long", () => {
    const othersFirst = processingPriority('pdf', { pages: 500 }, 0)!;
    const mySecond = processingPriority('png', { pages: 1 }, 1)!;
    expect(othersFirst).toBeLessThan(mySecond);
    // Within BullMQ's range whatever the backlog.
    expect(processingPriority('pdf', { pages: 10_000 }, 1_000_000)!).toBeLessThanOrEqual(2_097_152);
    expect(processingPriority('pdf', { pages: 0 }, 0)!).toBeGreaterThanOrEqual(1);
  });

  it('reads the page count and page sizes of a PDF, and the pixels of an image', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 500; i++) pdf.addPage([595, 842]);
    pdf.addPage([595 * 2, 842 * 2]);
    const bytes = Buffer.from(await pdf.save());
    expect(bytes.length).toBeLessThan(60_000);
    const cost = await ocrCostOfFile('pdf', bytes);
    expect(cost.pages).toBe(501);
    expect(ocrWork(cost)).toBeGreaterThanOrEqual(501);
    const png = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await ocrCostOfFile('png', png)).toEqual({ pages: 1, pixels: 12_000_000 });
    // A file it cannot read is one page (the worker's parser says what is wrong with it).
    expect(await ocrCostOfFile('pdf', Buffer.from('%PDF-1.7 not really'))).toEqual({ pages: 1 });
    // ...or as the caller's estimate (a stored PDF: its size).
    expect(await ocrCostOfFile('pdf', Buffer.from('%PDF-1.7 not really'), { pages: 7 })).toEqual({ pages: 7 });
  });
});
