import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PermanentProcessingError } from '../../domain/processing';

/**
 * PDFs are read and drawn in a worker thread with a memory ceiling (issue 11, point 4), as Word
 * files are: a crafted PDF that makes pdf.js allocate without end kills the thread, never the
 * worker process, which goes on with other documents.
 *
 * Limits, checked before anything is allocated:
 * - every image the file declares (read with pdf-lib from the image dictionaries, before pdf.js
 *   decodes anything) must have at most `maxImagePixels` pixels; pdf.js gets the same
 *   `maxImageSize` and a `canvasMaxAreaInBytes`, as a second line;
 * - a page drawn for the viewer must fit `MAX_SIDE` pixels each way and `MAX_PAGE_PIXELS` in
 *   all (a 1 pt × 14,400 pt page would need a 1,240 × 17,856,000 canvas);
 * - the 300 dpi rendering for OCR is scaled down to fit the same budget.
 */
export const MAX_PAGE_PIXELS = 40_000_000;
export const MAX_SIDE = 16_384;
/** The thread's V8 heap ceiling; canvases and image buffers are bounded by the pixel limits above. */
const HEAP_MB = 768;
/** One operation (open, one page, one OCR rendering) may take this long before the document fails. */
const OP_TIMEOUT_MS = 120_000;

// Plain CommonJS (eval), so it needs no separate file in the bundle; pdf.js is loaded by file URL.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const L = workerData.limits;
let pdfjs;
let doc;
let createCanvas;

class Permanent extends Error {}

function scanImages(bytes) {
  const { PDFDocument, PDFName, PDFRawStream, PDFNumber } = require(workerData.pdfLib);
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false }).then((pdf) => {
    for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFRawStream)) continue;
      const dict = obj.dict;
      const subtype = dict.get(PDFName.of('Subtype'));
      if (!subtype || subtype.toString() !== '/Image') continue;
      const w = dict.lookup(PDFName.of('Width'));
      const h = dict.lookup(PDFName.of('Height'));
      const width = w instanceof PDFNumber ? w.asNumber() : 0;
      const height = h instanceof PDFNumber ? h.asNumber() : 0;
      if (width * height > L.maxImagePixels) {
        throw new Permanent('The PDF contains an image of ' + width.toLocaleString('en-US') + ' × ' + height.toLocaleString('en-US') + ' pixels, more than can be processed (the limit is ' + Math.round(L.maxImagePixels / 1e6) + ' megapixels). Please save it with smaller images and upload it again.');
      }
    }
  }, () => undefined); // pdf-lib cannot read it: pdf.js says what is wrong below.
}

function canvasFor(width, height) {
  if (!createCanvas) createCanvas = createRequire(workerData.pdfjs)('@napi-rs/canvas').createCanvas;
  return createCanvas(width, height);
}

async function draw(page, scale) {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = canvasFor(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  return { canvas, width, height };
}

function textOf(content) {
  let out = '';
  for (const item of content.items) {
    if (typeof item.str !== 'string') continue;
    out += item.str;
    out += item.hasEOL ? '\\n' : item.str && !item.str.endsWith(' ') ? ' ' : '';
  }
  return out.replace(/[ \\t]+\\n/g, '\\n').replace(/\\n{3,}/g, '\\n\\n').trim();
}

// Each item's string and box in page space, top-down (pdf-text-order.ts puts columns in reading order from them).
function itemsOf(content, view) {
  const out = [];
  for (const item of content.items) {
    if (typeof item.str !== 'string' || !item.str.trim() || !item.transform) continue;
    const [, , c, d, e, f] = item.transform;
    const height = item.height || Math.hypot(c, d);
    out.push([item.str, e - view[0], view[3] - f - height, item.width || 0, height]);
  }
  return out;
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

const ops = {
  async open({ bytes }) {
    const data = new Uint8Array(bytes);
    await scanImages(data.slice());
    pdfjs = pdfjs || (await import(workerData.pdfjsUrl));
    try {
      doc = await pdfjs.getDocument({
        data, ...workerData.assets, cMapPacked: true, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false,
        maxImageSize: L.maxImagePixels, canvasMaxAreaInBytes: L.maxPagePixels * 4,
      }).promise;
    } catch (err) {
      if (err && err.name === 'PasswordException') throw new Permanent('The PDF is password-protected. Please remove the password and upload it again.');
      throw new Permanent('The PDF could not be read: it is damaged or incomplete (' + (err && err.message) + ').');
    }
    return { numPages: doc.numPages };
  },
  async page({ n, screenWidth }) {
    let page;
    try {
      page = await doc.getPage(n);
    } catch (err) {
      throw new Permanent('The PDF could not be read: page ' + n + ' is damaged (' + err.message + ').');
    }
    const base = page.getViewport({ scale: 1 });
    const scale = screenWidth / base.width;
    const w = Math.ceil(base.width * scale);
    const h = Math.ceil(base.height * scale);
    if (w > L.maxSide || h > L.maxSide || w * h > L.maxPagePixels) {
      throw new Permanent('Page ' + n + ' of the PDF is ' + fmt(base.width) + ' × ' + fmt(base.height) + ' points (' + (base.width / 72).toFixed(2) + ' × ' + (base.height / 72).toFixed(2) + ' inches), a shape too extreme to draw as a page. Please save it with ordinary page sizes and upload it again.');
    }
    const content = await page.getTextContent();
    const text = textOf(content);
    const items = itemsOf(content, page.view);
    let screen;
    try {
      screen = await draw(page, scale);
    } catch (err) {
      throw new Permanent('The PDF could not be read: page ' + n + ' could not be drawn (' + err.message + ').');
    }
    const jpeg = await screen.canvas.encode('jpeg', 82);
    page.cleanup();
    return { text, items, viewWidth: page.view[2] - page.view[0], jpeg, width: screen.width, height: screen.height };
  },
  async render({ n, dpi }) {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    // 300 dpi, or less for a page so large that its image would pass the pixel budget.
    const scale = Math.min(dpi / 72, Math.sqrt(L.maxPagePixels / (base.width * base.height)), L.maxSide / Math.max(base.width, base.height));
    const { canvas } = await draw(page, scale);
    page.cleanup();
    return { png: await canvas.encode('png') };
  },
  async close() {
    if (doc) await doc.destroy();
    doc = undefined;
    return {};
  },
};

parentPort.on('message', async (msg) => {
  try {
    const result = await ops[msg.op](msg.args || {});
    // Images are moved, not copied, to the parent. A canvas's encoded image lives in memory that
    // V8 does not own (Node 22+ refuses to transfer it), so it is first copied once into an
    // ArrayBuffer of the thread's own.
    const transfer = [];
    for (const [k, v] of Object.entries(result)) {
      if (!v || !(v.buffer instanceof ArrayBuffer)) continue;
      const own = new Uint8Array(v.byteLength);
      own.set(v);
      result[k] = own;
      transfer.push(own.buffer);
    }
    parentPort.postMessage({ id: msg.id, result }, transfer);
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err), permanent: err instanceof Permanent });
  }
});
`;

function threadData(maxImagePixels: number) {
  const require = createRequire(import.meta.url);
  const pdfjsPath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    pdfjs: pdfjsPath,
    pdfjsUrl: pathToFileURL(pdfjsPath).href,
    pdfLib: require.resolve('pdf-lib'),
    // pdf.js in Node reads these as file paths; they must end with a separator.
    assets: {
      standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
      cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
      wasmUrl: `${path.join(root, 'wasm')}${path.sep}`,
    },
    limits: { maxImagePixels, maxPagePixels: MAX_PAGE_PIXELS, maxSide: MAX_SIDE },
  };
}

type Pending = { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout };

/** One PDF's thread: open it, then ask for pages and renderings one at a time (or a few, for OCR). */
export class PdfThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private dead: Error | null = null;

  constructor(maxImagePixels: number, signal: AbortSignal) {
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: threadData(maxImagePixels),
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 64 },
    });
    this.worker.on('message', (msg: { id: number; result?: unknown; error?: string; permanent?: boolean }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error === undefined) p.resolve(msg.result);
      else p.reject(msg.permanent ? new PermanentProcessingError(msg.error) : new Error(msg.error));
    });
    this.worker.on('error', (err: Error & { code?: string }) => {
      this.fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PermanentProcessingError(
              'The PDF needs more memory to read than a document may use; it may be damaged or built to exhaust the reader.',
            )
          : new PermanentProcessingError(`The PDF could not be read (${err.message}).`),
      );
    });
    this.worker.on('exit', () => this.fail(new Error('the PDF reader stopped')));
    signal.addEventListener('abort', () => this.fail(new Error('processing was interrupted (worker shutting down)')), {
      once: true,
    });
  }

  call<T>(
    op: 'open' | 'page' | 'render' | 'close',
    args: Record<string, unknown> = {},
    transfer: ArrayBuffer[] = [],
  ): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new PermanentProcessingError('The PDF took too long to read; it may be damaged.')),
        OP_TIMEOUT_MS,
      );
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.worker.postMessage({ id, op, args }, transfer);
    });
  }

  private fail(err: Error) {
    if (!this.dead) this.dead = err;
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(this.dead);
      this.pending.delete(id);
    }
    void this.worker.terminate();
  }

  async close(): Promise<void> {
    if (!this.dead) await this.call('close').catch(() => {});
    this.fail(new Error('closed'));
  }
}
