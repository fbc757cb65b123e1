import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { isBlank } from '../../domain/blank-page';
import { PermanentProcessingError } from '../../domain/processing';
import { SCREEN_WIDTH, THUMBNAIL_SIZE } from './image';
import { ocrPage } from './ocr-page';
import { PdfThread } from './pdf-thread';
import { type PdfTextItem, pdfTextInOrder } from './pdf-text-order';
import type { ParsedPage } from '../../domain/parsed-page';
import type { DocumentParser, ParseContext } from './types';

/** A page with fewer letters than this in its text layer is a scan: it is rendered at 300 dpi and OCR'd. */
const MIN_TEXT_CHARS = 25;
const OCR_DPI = 300;

/**
 * PDF with pdf.js (legacy build, Node), in a memory-limited thread with pixel limits
 * (pdf-thread.ts): the text layer of every page; pages with almost no text are rendered at
 * 300 dpi and OCR'd; every page is rendered once at screen size for the page viewer; page 1 also
 * gives the thumbnail. Pages are handled one at a time to bound memory. pdf.js draws a page as its
 * `/Rotate` says; a page scanned sideways without one is turned by OCR, and its viewer image and
 * thumbnail are replaced by the upright page. A page with no text layer whose viewer image has no
 * ink on it (domain/blank-page.ts) is blank: it is not rendered at 300 dpi nor OCR'd (issue 29, point 5).
 */
export const pdfParser: DocumentParser = {
  kinds: ['pdf'],
  async parse(ctx: ParseContext) {
    const bytes = await readFile(ctx.path);
    const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const thread = new PdfThread(ctx.limits.maxImagePixels, ctx.signal);
    try {
      const { numPages: count } = await thread.call<{ numPages: number }>('open', { bytes: ab }, [ab]);
      if (count < 1) throw new PermanentProcessingError('The PDF has no pages.');
      if (count > ctx.limits.pdfPageLimit) {
        throw new PermanentProcessingError(
          `The PDF has ${count} pages; the limit is ${ctx.limits.pdfPageLimit}. Please split it into smaller files.`,
        );
      }
      const pages: ParsedPage[] = [];
      let thumbnail: Buffer | undefined;
      const scanned: number[] = [];
      for (let n = 1; n <= count; n++) {
        if (ctx.signal.aborted) throw new Error('processing was interrupted (worker shutting down)');
        await ctx.progress({ step: 'rendering', page: n, of: count });
        const page = await thread.call<{
          text: string;
          items: PdfTextItem[];
          viewWidth: number;
          jpeg: Uint8Array;
          width: number;
          height: number;
        }>('page', { n, screenWidth: SCREEN_WIDTH });
        // Columns of running text read one after the other, not across (issue 31, point 3).
        page.text = pdfTextInOrder(page.items, page.viewWidth) ?? page.text;
        const jpeg = Buffer.from(page.jpeg.buffer, page.jpeg.byteOffset, page.jpeg.byteLength);
        const imageKey = await ctx.storePageImage(n, jpeg);
        if (n === 1) {
          thumbnail = await sharp(jpeg)
            .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
            .jpeg({ quality: 80 })
            .toBuffer();
        }
        const needsOcr = page.text.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_TEXT_CHARS;
        if (needsOcr && !(await blankPage(jpeg))) scanned.push(n);
        pages.push({
          pageNumber: n,
          text: page.text,
          ocr: false,
          imageKey,
          width: page.width,
          height: page.height,
          confidence: null,
          rotation: 0,
          skew: 0,
          words: [],
        });
      }
      // Scanned pages: rendered again at 300 dpi (the thread draws one at a time), OCR'd by as many workers as there are.
      let done = 0;
      const queue = [...scanned];
      const ocrOne = async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          if (ctx.signal.aborted) throw new Error('processing was interrupted (worker shutting down)');
          const { png } = await thread.call<{ png: Uint8Array }>('render', { n, dpi: OCR_DPI });
          const read = await ctx.ocr.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength), {
            languages: ctx.languages,
          });
          done++;
          await ctx.progress({ step: 'ocr', page: done, of: scanned.length });
          const entry = pages[n - 1]!;
          const ocrText = read.text.replace(/[ \t]+\n/g, '\n').trim();
          // Keep whichever reading has more to it (a page may have a stamp's worth of real text).
          if (ocrText.length <= entry.text.length) continue;
          Object.assign(entry, { text: ocrText, ocr: true }, ocrPage(read));
          if (read.upright) {
            const screen = await sharp(read.upright)
              .resize({ width: SCREEN_WIDTH })
              .jpeg({ quality: 82 })
              .toBuffer({ resolveWithObject: true });
            Object.assign(entry, {
              imageKey: await ctx.storePageImage(n, screen.data),
              width: screen.info.width,
              height: screen.info.height,
            });
            if (n === 1)
              thumbnail = await sharp(screen.data)
                .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
                .jpeg({ quality: 80 })
                .toBuffer();
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(ctx.ocr.size, scanned.length) }, ocrOne));
      const text = pages
        .map((p) => p.text)
        .filter(Boolean)
        .join('\n\n');
      return { text, pages, thumbnail };
    } finally {
      await thread.close();
    }
  },
};

/** The page as rendered for the viewer, in grey: is there no ink on it? (A page that cannot be measured is read.) */
async function blankPage(jpeg: Buffer): Promise<boolean> {
  try {
    const grey = await sharp(jpeg).greyscale().raw().toBuffer();
    return isBlank(grey);
  } catch {
    return false;
  }
}
