import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from '@gnology/contracts';
import type { Logger } from '@gnology/platform/logger';
import type Tesseract from 'tesseract.js';
import { linkedModels, OCR_MODEL } from './ocr-models';
import { createNativeReader, NativeOcrError, nativeModels, nativeTesseractVersion } from './ocr-native';
import { readUpright } from './ocr-orientation';
import { mendFrakturReading } from './parsers/fraktur-correction';
import type { OcrResult, PageReader } from './ocr-types';

export { modelLangPath, OCR_MODEL } from './ocr-models';
export type { OcrResult, PageReader } from './ocr-types';

export interface OcrOptions {
  /** Languages to read in; English when absent. */
  languages?: readonly OcrLanguage[];
  /** Look for a turned page (90/180/270°); on by default. A photo's crops need not. */
  orient?: boolean;
  /** Whose page this is: waiting pages are handed to workers one owner at a time, in turn (decision 0215). */
  owner?: string;
}

export interface OcrEngine {
  recognize(image: Buffer, opts?: OcrOptions): Promise<OcrResult>;
  /** Workers in the pool (created on first use, then kept warm). */
  readonly size: number;
  close(): Promise<void>;
}

/** Which engine reads (decision 0237): `auto` is native Tesseract 5 when the CLI answers at boot, else tesseract.js. */
export type OcrEngineSetting = 'auto' | 'native' | 'wasm';

/** A native reading running longer than this is killed (a 100-megapixel page takes a few minutes on a busy core). */
const NATIVE_TIMEOUT_MS = 10 * 60_000;

/** One of the pool's places: a warm tesseract.js worker, or (native) the right to run one tesseract process. */
interface Slot {
  worker?: Tesseract.Worker;
  langs: string;
  busy: boolean;
}

interface Waiting {
  langs: string;
  owner: string;
  start(slot: Slot): void;
  fail(err: unknown): void;
}

/**
 * A pool of OCR workers: native Tesseract 5 processes when the setting and the machine allow (decision 0237: the
 * same model files, the same reading steps, a third less CPU), else warm tesseract.js workers. Each page is laid out by tesseract's automatic page
 * segmentation (PSM 3: columns and blocks in reading order, as the native CLI does; tesseract.js
 * would otherwise read the page as one block, running every line across all the columns) and
 * straightened (`rotateAuto`). A worker keeps the languages it last read in; a page in other
 * languages goes to a worker that has them, or an idle one is re-initialised. Orientation (OSD)
 * runs on one legacy-engine worker of its own, only for pages that do not read upright.
 *
 * tesseract.js always gets a local langPath (never the CDN: there may be no internet) and a
 * cachePath of its own per model (the cache is read before langPath, so a shared one would serve
 * another model's data).
 *
 * Fair share (issue 29 point 5, decision 0215): pages waiting for a worker are served one owner at
 * a time, in turn (the owner served longest ago first; an owner's own pages in the order they
 * came), so a user with a 200-page scan running does not keep another user's one page waiting for
 * more than the pages already being read.
 */
export function createOcrPool(opts: {
  workers: number;
  cacheDir: string;
  logger?: Logger;
  langPath?: string;
  /** Default `wasm` (tesseract.js); the worker role passes OCR_ENGINE. */
  engine?: OcrEngineSetting;
  /** The native CLI to run (tests point it elsewhere); `tesseract` on the PATH by default. */
  tesseractBinary?: string;
  /** Wraps each page's engine reader: tests make either engine misread on cue (the empty-page retry). */
  wrapReader?: (reader: PageReader) => PageReader;
}): OcrEngine {
  const size = Math.max(1, opts.workers);
  const setting = opts.engine ?? 'wasm';
  const binary = opts.tesseractBinary ?? 'tesseract';
  // Kills native readings still running when the pool closes.
  const closing = new AbortController();
  const native = createNativeReader({
    models: nativeModels(opts.cacheDir),
    timeoutMs: NATIVE_TIMEOUT_MS,
    binary,
    signal: closing.signal,
  });
  // Chosen once, at boot (the version check runs as the pool is made), and logged once.
  let mode: 'native' | 'wasm' | 'missing' = 'wasm';
  const chosen: Promise<void> =
    setting === 'wasm'
      ? Promise.resolve()
      : nativeTesseractVersion(binary).then((version) => {
          mode = version ? 'native' : setting === 'native' ? 'missing' : 'wasm';
          if (mode === 'missing')
            opts.logger?.error({ setting }, 'OCR_ENGINE=native but no Tesseract 5 answers: pages will fail to read');
          else opts.logger?.info({ engine: mode, setting, version, model: OCR_MODEL }, 'OCR engine');
        });
  if (setting === 'wasm') opts.logger?.info({ engine: 'wasm', setting, model: OCR_MODEL }, 'OCR engine');
  /**
   * The binary went away while the service runs (a package removed, a broken image): with `auto` the pool goes on
   * with tesseract.js for good (said once); with `native` the pages fail, saying why.
   */
  const nativeFailed = (err: unknown): boolean => {
    if (!(err instanceof NativeOcrError && err.missing)) return false;
    if (setting !== 'auto') {
      mode = 'missing';
      return false;
    }
    if (mode === 'native')
      opts.logger?.warn({ engine: 'wasm' }, 'native tesseract is gone: OCR goes on with tesseract.js');
    mode = 'wasm';
    return true;
  };
  const refuseMissing = () => {
    if (mode === 'missing') throw new Error('OCR_ENGINE=native but no Tesseract 5 is installed (tesseract --version)');
  };
  const cachePath = path.join(opts.cacheDir, OCR_MODEL);
  let library: Promise<{ tesseract: typeof Tesseract; langPath: string }> | undefined;
  const slots: Promise<Slot>[] = [];
  const ready: Slot[] = [];
  const waiting: Waiting[] = [];
  // When each owner's page last got a worker (a counter, not a clock): the least recent goes next.
  const served = new Map<string, number>();
  let turns = 0;
  /** The waiting page to start next: the first of the owner served longest ago (never served: first of all). */
  const nextWaiting = (): number => {
    let best = 0;
    let bestTurn = Number.POSITIVE_INFINITY;
    const seen = new Set<string>();
    for (let i = 0; i < waiting.length; i++) {
      const owner = waiting[i]!.owner;
      if (seen.has(owner)) continue;
      seen.add(owner);
      const turn = served.get(owner) ?? -1;
      if (turn < bestTurn) {
        best = i;
        bestTurn = turn;
      }
    }
    return best;
  };
  let osd: Promise<Tesseract.Worker> | undefined;
  let osdQueue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const load = () => {
    library ??= (async () => {
      // A cache folder that does not exist is silently not written.
      mkdirSync(cachePath, { recursive: true });
      const langPath = opts.langPath ?? linkedModels(opts.cacheDir);
      return { tesseract: (await import('tesseract.js')).default, langPath };
    })();
    return library;
  };

  const newSlot = async (langs: string): Promise<Slot> => {
    await chosen;
    if (mode !== 'wasm') return { langs, busy: false };
    return { worker: await newWorker(langs), langs, busy: false };
  };

  const newWorker = async (langs: string): Promise<Tesseract.Worker> => {
    const { tesseract, langPath } = await load();
    const started = Date.now();
    const worker = await tesseract.createWorker(langs, tesseract.OEM.LSTM_ONLY, {
      langPath,
      cachePath,
      gzip: true,
      errorHandler: (err: unknown) => opts.logger?.error({ err }, 'OCR worker error'),
    });
    await worker.setParameters({ tessedit_pageseg_mode: tesseract.PSM.AUTO });
    opts.logger?.info({ ms: Date.now() - started, model: OCR_MODEL, langs }, 'OCR worker ready');
    return worker;
  };

  /** The slot's tesseract.js worker reading `langs`: started (a native slot after a fallback) or re-initialised. */
  const wasmWorker = async (slot: Slot, langs: string): Promise<Tesseract.Worker> => {
    if (!slot.worker) {
      slot.worker = await newWorker(langs);
      slot.langs = langs;
    } else if (slot.langs !== langs) {
      const { tesseract } = await load();
      await slot.worker.reinitialize(langs, tesseract.OEM.LSTM_ONLY);
      await slot.worker.setParameters({ tessedit_pageseg_mode: tesseract.PSM.AUTO });
      slot.langs = langs;
    }
    return slot.worker;
  };

  /** Hands idle workers to waiting pages, oldest first; starts workers up to the pool's size. */
  const dispatch = () => {
    while (waiting.length) {
      const at = nextWaiting();
      const next = waiting[at]!;
      const idle = ready.find((s) => !s.busy && s.langs === next.langs) ?? ready.find((s) => !s.busy);
      if (!idle) {
        if (slots.length < size) {
          const slot = newSlot(next.langs);
          slots.push(slot);
          slot.then(
            (s) => {
              ready.push(s);
              dispatch();
            },
            (err: unknown) => {
              // A worker that cannot start (model missing, out of memory) fails the pages waiting
              // now; the next page tries to start one again.
              slots.splice(slots.indexOf(slot), 1);
              for (const w of waiting.splice(0)) w.fail(err);
            },
          );
        }
        return;
      }
      waiting.splice(at, 1);
      served.set(next.owner, ++turns);
      // Owners with nothing waiting are forgotten now and then (the map stays small).
      if (served.size > 1000) for (const o of served.keys()) if (!waiting.some((w) => w.owner === o)) served.delete(o);
      idle.busy = true;
      next.start(idle);
    }
  };

  /** Runs `fn` in a slot of the pool, in `owner`'s turn. */
  const withSlot = <T>(langs: string, owner: string, fn: (slot: Slot) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push({
        langs,
        owner,
        fail: reject,
        start: (slot) => {
          fn(slot)
            .then(resolve, reject)
            .finally(() => {
              slot.busy = false;
              dispatch();
            });
        },
      });
      dispatch();
    });

  const osdWorker = () => {
    osd ??= load().then(({ tesseract, langPath }) =>
      tesseract.createWorker('osd', tesseract.OEM.TESSERACT_ONLY, {
        langPath,
        cachePath: path.join(cachePath, 'osd'),
        gzip: true,
        legacyCore: true,
        legacyLang: true,
        errorHandler: (err: unknown) => opts.logger?.error({ err }, 'OCR orientation worker error'),
      }),
    );
    return osd;
  };

  /** The reading steps for one owner's page (orientation retries read again in the same owner's turn). */
  const readerFor = (owner: string): PageReader => {
    const reader = engineReader(owner);
    return opts.wrapReader ? opts.wrapReader(reader) : reader;
  };
  const engineReader = (owner: string): PageReader => ({
    recognize: (image, langs, read) =>
      withSlot(langs, owner, async (slot) => {
        refuseMissing();
        if (mode === 'native')
          try {
            return await native.recognize(image, langs, read);
          } catch (err) {
            if (!nativeFailed(err)) throw err;
          }
        refuseMissing();
        const worker = await wasmWorker(slot, langs);
        return (await worker.recognize(image, { rotateAuto: read?.rotateAuto ?? true }, { text: true, tsv: true }))
          .data;
      }),
    async detectOrientation(image) {
      // One page at a time (one orientation worker, or one OSD process beside the pool's readings).
      const detect = async () => {
        refuseMissing();
        if (mode === 'native')
          try {
            return await native.detectOrientation(image);
          } catch (err) {
            if (!nativeFailed(err)) throw err;
          }
        refuseMissing();
        const { data } = await (await osdWorker()).detect(image);
        if (data.orientation_degrees === null || data.orientation_confidence === null) return null;
        return { degrees: data.orientation_degrees, confidence: data.orientation_confidence };
      };
      const run = osdQueue.then(detect);
      osdQueue = run.catch(() => undefined);
      return run;
    },
  });

  return {
    size,
    async recognize(image, o = {}) {
      if (closed) throw new Error('the OCR pool is closed');
      const langs = (o.languages?.length ? o.languages : DEFAULT_OCR_LANGUAGES).join('+');
      const read = await readUpright(readerFor(o.owner ?? ''), image, { langs, orient: o.orient !== false });
      // Fraktur: the model's known confusions (ch as <, long s as f) mended into the page's own spelling (decision 0231).
      return mendFrakturReading(read, langs);
    },
    async close() {
      closed = true;
      closing.abort();
      const workers = await Promise.all([
        ...slots.map((s) => s.then((x) => x.worker).catch(() => undefined)),
        osd?.catch(() => undefined),
      ]);
      await Promise.all(workers.map((w) => w?.terminate().catch(() => undefined)));
    },
  };
}
