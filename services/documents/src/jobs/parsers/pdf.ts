import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { PermanentProcessingError } from '../../domain/processing';
import { THUMBNAIL_SIZE } from './image';
import type { DocumentParser, ParseContext, ParsedPage } from './types';

/** A page with fewer letters than this in its text layer is a scan: it is rendered at 300 dpi and OCR'd. */
const MIN_TEXT_CHARS = 25;
const OCR_DPI = 300;
/** Page images for the viewer: this wide (about 150 dpi for A4), JPEG. */
const SCREEN_WIDTH = 1240;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<PdfJs> | undefined;

function assets() {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  // pdf.js in Node reads these as file paths; they must end with a separator.
  return {
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
    wasmUrl: `${path.join(root, 'wasm')}${path.sep}`,
  };
}

type CreateCanvas = typeof import('@napi-rs/canvas').createCanvas;
let pdfCanvas: CreateCanvas | undefined;

/**
 * pdf.js draws with its own copy of @napi-rs/canvas (it creates Path2D objects from it), and a
 * canvas from another copy refuses them: pages are drawn on a canvas from pdf.js's copy.
 */
function createCanvas(width: number, height: number) {
  if (!pdfCanvas) {
    const fromPdfjs = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'));
    pdfCanvas = (fromPdfjs('@napi-rs/canvas') as typeof import('@napi-rs/canvas')).createCanvas;
  }
  return pdfCanvas(width, height);
}

async function renderPage(page: import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy, scale: number) {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // PDF pages are transparent; scanners and eyes expect white paper.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
  return { canvas, width, height };
}

function textOf(content: { items: unknown[] }): string {
  let out = '';
  for (const item of content.items as { str?: string; hasEOL?: boolean }[]) {
    if (typeof item.str !== 'string') continue;
    out += item.str;
    out += item.hasEOL ? '\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  return out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * PDF with pdf.js (legacy build, Node): the text layer of every page; pages with almost no text
 * are rendered at 300 dpi and OCR'd; every page is rendered once at screen size for the page
 * viewer; page 1 also gives the thumbnail. Pages are handled one at a time to bound memory.
 */
export const pdfParser: DocumentParser = {
  kinds: ['pdf'],
  async parse(ctx: ParseContext) {
    pdfjsModule ??= import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdfjs = await pdfjsModule;
    const data = new Uint8Array(await readFile(ctx.path));
    let doc: import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
    try {
      doc = await pdfjs.getDocument({ data, ...assets(), cMapPacked: true, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false })
        .promise;
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'PasswordException') throw new PermanentProcessingError('The PDF is password-protected. Please remove the password and upload it again.');
      throw new PermanentProcessingError(`The PDF could not be read: it is damaged or incomplete (${(err as Error).message}).`);
    }
    try {
      const count = doc.numPages;
      if (count < 1) throw new PermanentProcessingError('The PDF has no pages.');
      if (count > ctx.limits.pdfPageLimit) {
        throw new PermanentProcessingError(`The PDF has ${count} pages; the limit is ${ctx.limits.pdfPageLimit}. Please split it into smaller files.`);
      }
      const pages: ParsedPage[] = [];
      let thumbnail: Buffer | undefined;
      const scanned: number[] = [];
      for (let n = 1; n <= count; n++) {
        if (ctx.signal.aborted) throw new Error('processing was interrupted (worker shutting down)');
        await ctx.progress({ step: 'rendering', page: n, of: count });
        const page = await doc.getPage(n).catch((err: Error) => {
          throw new PermanentProcessingError(`The PDF could not be read: page ${n} is damaged (${err.message}).`);
        });
        const text = textOf(await page.getTextContent());
        const base = page.getViewport({ scale: 1 });
        const screen = await renderPage(page, SCREEN_WIDTH / base.width).catch((err: Error) => {
          throw new PermanentProcessingError(`The PDF could not be read: page ${n} could not be drawn (${err.message}).`);
        });
        const jpeg = await screen.canvas.encode('jpeg', 82);
        const imageKey = await ctx.storePageImage(n, jpeg);
        if (n === 1) {
          thumbnail = await sharp(jpeg).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
        }
        const needsOcr = text.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_TEXT_CHARS;
        if (needsOcr) scanned.push(n);
        pages.push({ pageNumber: n, text, ocr: false, imageKey, width: screen.width, height: screen.height });
        page.cleanup();
      }
      // Scanned pages: rendered again at 300 dpi, as many at once as there are OCR workers.
      let done = 0;
      const queue = [...scanned];
      const ocrOne = async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          if (ctx.signal.aborted) throw new Error('processing was interrupted (worker shutting down)');
          const page = await doc.getPage(n);
          const { canvas } = await renderPage(page, OCR_DPI / 72);
          page.cleanup();
          const png = await canvas.encode('png');
          const { text } = await ctx.ocr.recognize(png);
          done++;
          await ctx.progress({ step: 'ocr', page: done, of: scanned.length });
          const entry = pages[n - 1]!;
          const ocrText = text.replace(/[ \t]+\n/g, '\n').trim();
          // Keep whichever reading has more to it (a page may have a stamp's worth of real text).
          if (ocrText.length > entry.text.length) {
            entry.text = ocrText;
            entry.ocr = true;
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
      await doc.destroy();
    }
  },
};
