import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentsHarness } from './helpers/service';
import { startWithWorker, uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 11, point 4: PDFs built to exhaust the worker (a page whose canvas would be gigapixels, an
 * image that claims 50,000 × 50,000 pixels) fail that document with a clear message, without
 * allocating what they ask for, and the worker goes on serving other documents.
 */

/** A 1 pt × 14,400 pt page (the largest PDF page height): 1,240 × 17,856,000 pixels at the viewer's width. */
async function needlePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([1, 14_400]);
  return Buffer.from(await pdf.save());
}

/** A JPEG of a few bytes whose frame header claims `size` × `size` pixels, drawn on an ordinary page. */
async function giantImagePdf(size: number): Promise<Buffer> {
  const hi = size >> 8;
  const lo = size & 0xff;
  // SOI, SOF0 (8-bit, height, width, 3 components), EOI.
  const jpeg = Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    hi,
    lo,
    hi,
    lo,
    0x03,
    0x01,
    0x11,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const image = await pdf.embedJpg(jpeg);
  page.drawImage(image, { x: 50, y: 50, width: 495, height: 742 });
  return Buffer.from(await pdf.save());
}

async function ordinaryPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Baptism of Mary Cole, daughter of John Cole, 15 March 1851, parish of St Mary.', {
    x: 40,
    y: 780,
    size: 11,
    font,
  });
  return Buffer.from(await pdf.save());
}

describe('PDF parser limits', () => {
  let h: DocumentsHarness;
  let token: string;

  beforeAll(async () => {
    ({ h, token } = await startWithWorker('user-pdf-limits'));
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = (name: string, content: Buffer) => uploadAccepted(h, token, name, content);

  it('fails a 1 pt × 14,400 pt page clearly, without drawing it', async () => {
    const before = process.memoryUsage().rss;
    const doc = await waitProcessed(h.app, token, (await upload('needle.pdf', await needlePagePdf()))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toBe(
      'Page 1 of the PDF is 1 × 14,400 points (0.01 × 200.00 inches), a shape too extreme to draw as a page. Please save it with ordinary page sizes and upload it again.',
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it('fails a page with a 50,000 × 50,000 image clearly, without decoding it', async () => {
    const before = process.memoryUsage().rss;
    const doc = await waitProcessed(h.app, token, (await upload('giant-image.pdf', await giantImagePdf(50_000)))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toMatch(
      /^The PDF contains an image of 50,000 × 50,000 pixels, more than can be processed \(the limit is 120 megapixels\)/,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
  });

  it('keeps serving other documents afterwards', async () => {
    const doc = await waitProcessed(h.app, token, (await upload('baptism.pdf', await ordinaryPdf()))._id);
    expect(doc.processingStatus).toBe('completed');
    expect(doc.extractedText).toContain('Baptism of Mary Cole');
    expect(doc.dateInfo.some((d) => d.normalized === '1851-03-15')).toBe(true);
  });
});
