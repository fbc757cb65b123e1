import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '@gnology/platform/logger';
import type Tesseract from 'tesseract.js';
import { type OcrWord, wordsFromTsv } from '../domain/photos/ocr-words';

export interface OcrResult {
  text: string;
  confidence: number;
  /** Each word with its confidence, when asked for (`words: true`; photo classification uses it). */
  words?: OcrWord[];
}

export interface OcrEngine {
  recognize(image: Buffer, opts?: { words?: boolean }): Promise<OcrResult>;
  /** Workers in the pool (created on first use, then kept warm). */
  readonly size: number;
  close(): Promise<void>;
}

/** The model we ship: LSTM only, integer-quantised "best" (same text as 4.0.0, faster and ~40 MB lighter). */
export const OCR_MODEL = '4.0.0_best_int';

export function modelLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), OCR_MODEL);
}

/**
 * A pool of warm tesseract.js workers behind its scheduler. tesseract.js always gets a local
 * langPath (never the CDN: there may be no internet) and a cachePath of its own per model (the
 * cache is read before langPath, so a shared one would serve another model's data).
 */
export function createOcrPool(opts: { workers: number; cacheDir: string; logger?: Logger; langPath?: string }): OcrEngine {
  const size = Math.max(1, opts.workers);
  let ready: Promise<Tesseract.Scheduler> | undefined;
  let closed = false;

  const start = async () => {
    const tesseract = (await import('tesseract.js')).default;
    const cachePath = path.join(opts.cacheDir, OCR_MODEL);
    // A cache folder that does not exist is silently not written.
    mkdirSync(cachePath, { recursive: true });
    const scheduler = tesseract.createScheduler();
    const started = Date.now();
    const workers = await Promise.all(
      Array.from({ length: size }, () =>
        tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
          langPath: opts.langPath ?? modelLangPath(),
          cachePath,
          gzip: true,
          errorHandler: (err: unknown) => opts.logger?.error({ err }, 'OCR worker error'),
        }),
      ),
    );
    for (const w of workers) scheduler.addWorker(w);
    opts.logger?.info({ workers: size, ms: Date.now() - started, model: OCR_MODEL }, 'OCR workers ready');
    return scheduler;
  };

  return {
    size,
    async recognize(image: Buffer, opts?: { words?: boolean }) {
      if (closed) throw new Error('the OCR pool is closed');
      ready ??= start().catch((err) => {
        ready = undefined;
        throw err;
      });
      const scheduler = await ready;
      if (!opts?.words) {
        const result = await scheduler.addJob('recognize', image);
        return { text: result.data.text, confidence: result.data.confidence };
      }
      const result = await scheduler.addJob('recognize', image, {}, { text: true, tsv: true });
      return { text: result.data.text, confidence: result.data.confidence, words: wordsFromTsv(result.data.tsv) };
    },
    async close() {
      closed = true;
      if (ready) await (await ready.catch(() => undefined))?.terminate();
    },
  };
}
