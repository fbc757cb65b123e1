import { buffer } from 'node:stream/consumers';
import type { ObjectStorage as Storage } from '@gnology/platform/storage';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { estimatedPages, laneOf, type OcrCost } from '../domain/processing-lanes';

/** PDFs up to this size are counted at upload (pdf-lib reads their page tree); larger ones are estimated from their size. */
export const COUNT_PDF_MAX_BYTES = 8 * 1024 * 1024;
/** An image's size is in its header: this much of the file is read for it. */
const IMAGE_HEAD_BYTES = 256 * 1024;
const POINTS_PER_INCH = 72;
const OCR_DPI = 300;

/**
 * The OCR work of a file (decision 0215): a PDF's page count and the pixels of its pages at
 * 300 dpi, from its page tree (pdf-lib; nothing is rendered), or an image's pixels from its
 * header. A file it cannot read counts as `fallback` (one page unless told): the worker's parser
 * says what is wrong with it.
 */
export async function ocrCostOfFile(kind: string, bytes: Buffer, fallback: OcrCost = { pages: 1 }): Promise<OcrCost> {
  try {
    if (kind === 'pdf') {
      const pdf = await PDFDocument.load(bytes, {
        ignoreEncryption: true,
        updateMetadata: false,
        throwOnInvalidObject: false,
      });
      const pages = pdf.getPages();
      let pixels = 0;
      for (const page of pages) {
        const { width, height } = page.getSize();
        pixels += Math.abs(((width * OCR_DPI) / POINTS_PER_INCH) * ((height * OCR_DPI) / POINTS_PER_INCH));
      }
      return pages.length > 0 ? { pages: pages.length, pixels: Math.round(pixels) } : fallback;
    }
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.width && meta.height) return { pages: 1, pixels: meta.width * meta.height };
  } catch {
    // Not readable here: the parser decides.
  }
  return fallback;
}

/** The OCR work of a stored upload: counted when it is an image or a PDF small enough, else estimated from its size. */
export async function ocrCostOfStored(
  storage: Pick<Storage, 'get'>,
  doc: { kind: string; size: number; storageKey: string },
): Promise<OcrCost> {
  if (laneOf(doc.kind) !== 'ocr') return { pages: 1 };
  if (doc.kind === 'pdf' && doc.size > COUNT_PDF_MAX_BYTES) return { pages: estimatedPages('pdf', doc.size) };
  // A PDF pdf-lib cannot parse is weighed by its size.
  if (doc.kind === 'pdf')
    return ocrCostOfFile('pdf', await buffer(await storage.get(doc.storageKey)), {
      pages: estimatedPages('pdf', doc.size),
    });
  // An image: its header only (end is inclusive).
  const head = await buffer(await storage.get(doc.storageKey, { start: 0, end: IMAGE_HEAD_BYTES - 1 }));
  return ocrCostOfFile(doc.kind, head);
}
