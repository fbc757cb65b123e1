import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import sharp from 'sharp';
import { modelFile, OCR_MODEL } from './ocr-models';
import { levellingAngle } from './ocr-native-skew';
import { straighten } from './ocr-orientation';
import type { Orientation, PageReading } from './ocr-types';

const exec = promisify(execFile);
const unzip = promisify(gunzip);

/** tesseract.js straightens a page from this slope on (radians, about 0.3°): so does the native reader. */
const MIN_STRAIGHTEN = 0.005;
/** Output of the child process kept at most (a page's TSV is a few hundred kB). */
const MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * The major version of the `tesseract` on the PATH when it is 5.x, else null (absent, older, or not answering).
 * Tesseract 5 prints its version on stdout (4.x printed it on stderr).
 */
export async function nativeTesseractVersion(binary = 'tesseract'): Promise<string | null> {
  try {
    const { stdout, stderr } = await exec(binary, ['--version'], { timeout: 10_000 });
    const m = /^tesseract\s+v?(5\.[\d.]+\S*)/m.exec(`${stdout}\n${stderr}`);
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}

/**
 * The folder of unpacked models the native CLI reads (`--tessdata-dir`): the SAME 4.0.0_best_int files that
 * tesseract.js reads, from the @tesseract.js-data packages, gunzipped once into the cache. Each language is
 * unpacked the first time a page asks for it (written beside and renamed over: two processes never see half a file).
 */
export function nativeModels(cacheDir: string) {
  const dir = path.join(cacheDir, 'native', OCR_MODEL);
  const pending = new Map<string, Promise<void>>();
  const unpack = (code: string) => {
    let p = pending.get(code);
    if (!p) {
      p = (async () => {
        const file = path.join(dir, `${code}.traineddata`);
        if (existsSync(file)) return;
        await mkdir(dir, { recursive: true });
        const temp = `${file}.${process.pid}`;
        await writeFile(temp, await unzip(await readFile(modelFile(code))));
        await rename(temp, file);
      })();
      // A failed unpack (disk full) is tried again by the next page.
      p.catch(() => pending.delete(code));
      pending.set(code, p);
    }
    return p;
  };
  return {
    dir,
    /** Makes sure each of `langs` ('eng+deu', or 'osd') is unpacked. */
    ensure: async (langs: string) => {
      await Promise.all(langs.split('+').map(unpack));
      return dir;
    },
  };
}

/** Why a native reading failed, without the child's stderr (it may carry a user's file's details). */
export class NativeOcrError extends Error {
  constructor(
    message: string,
    /** The binary is gone (ENOENT): the pool falls back to tesseract.js. */
    readonly missing = false,
  ) {
    super(message);
    this.name = 'NativeOcrError';
  }
}

export interface NativeReaderOptions {
  models: ReturnType<typeof nativeModels>;
  /** A reading running longer is killed (SIGKILL) and fails. */
  timeoutMs: number;
  binary?: string;
  /** Aborted when the pool closes: readings still running are killed. */
  signal?: AbortSignal;
}

/**
 * Native Tesseract 5 (the CLI, one process per page, one thread each: OMP_THREAD_LIMIT=1; the pool's slots bound how
 * many run at once). It returns what tesseract.js returns to the reading steps (ocr-orientation.ts): the text
 * (GetUTF8Text, the CLI's `txt`), the TSV (GetTSVText, the CLI's `tsv`, less its header row), the mean word confidence
 * (MeanTextConf: the integer mean of the words' integer confidences) and the slope the page was straightened by.
 * Automatic segmentation (PSM 3) as the pool sets it; LSTM only (OEM 1).
 */
export function createNativeReader(opts: NativeReaderOptions) {
  const binary = opts.binary ?? 'tesseract';

  const run = async (args: string[]) => {
    try {
      return await exec(binary, args, {
        timeout: opts.timeoutMs,
        killSignal: 'SIGKILL',
        signal: opts.signal,
        maxBuffer: MAX_OUTPUT,
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number; signal?: string };
      if (e.code === 'ENOENT') throw new NativeOcrError(`${binary} not found`, true);
      if (opts.signal?.aborted) throw new NativeOcrError('the OCR pool is closed');
      if (e.killed || e.signal === 'SIGKILL')
        throw new NativeOcrError(`tesseract timed out after ${opts.timeoutMs} ms`);
      // The exit code only: stderr names nothing useful and may echo a user's data.
      throw new NativeOcrError(`tesseract failed (exit ${String(e.code ?? e.signal ?? 'unknown')})`);
    }
  };

  /** Runs `fn` with the image written to a private temporary folder, removed afterwards. */
  const withFiles = async <T>(image: Buffer, fn: (dir: string, input: string) => Promise<T>): Promise<T> => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gn-ocr-'));
    try {
      const input = path.join(dir, 'page.png');
      await writeFile(input, image);
      return await fn(dir, input);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  return {
    async recognize(image: Buffer, langs: string, read?: { rotateAuto?: boolean }): Promise<PageReading> {
      const tessdata = await opts.models.ensure(langs);
      // tesseract.js's rotateAuto: find the lines' slope, and from 0.3° on read the page turned level on the same
      // canvas (the reading steps turn the shown page the same way, so the words' boxes fall on its pixels).
      let radians = 0;
      let input = image;
      if (read?.rotateAuto ?? true) {
        const angle = await levellingAngle(image);
        if (Math.abs(angle) >= MIN_STRAIGHTEN) {
          radians = angle;
          const { width = 0, height = 0 } = await sharp(image).metadata();
          input = await straighten(image, angle, width, height);
        }
      }
      return withFiles(input, async (dir, file) => {
        const out = path.join(dir, 'out');
        // The outputs by their variables: the `txt`/`tsv` config files live in the system's tessdata, not in ours.
        await run([
          file,
          out,
          '--oem',
          '1',
          '--psm',
          '3',
          '-l',
          langs,
          '--tessdata-dir',
          tessdata,
          '-c',
          'tessedit_create_txt=1',
          '-c',
          'tessedit_create_tsv=1',
        ]);
        const [text, tsv] = await Promise.all([readFile(`${out}.txt`, 'utf8'), readFile(`${out}.tsv`, 'utf8')]);
        const rows = tsv.split('\n').filter((r) => r && !r.startsWith('level\t'));
        return {
          text,
          tsv: rows.join('\n'),
          confidence: meanTextConf(rows),
          rotateRadians: radians,
          ...(radians ? { straightened: input } : {}),
        };
      });
    },

    async detectOrientation(image: Buffer): Promise<Orientation | null> {
      const tessdata = await opts.models.ensure('osd');
      return withFiles(image, async (_dir, file) => {
        const { stdout } = await run([file, '-', '--psm', '0', '-l', 'osd', '--tessdata-dir', tessdata]);
        // "Rotate: 90" is the clockwise turn that sets the page upright (tesseract.js's orientation_degrees).
        const degrees = /^Rotate:\s*(\d+)/m.exec(stdout);
        const confidence = /^Orientation confidence:\s*([\d.]+)/m.exec(stdout);
        if (!degrees || !confidence) return null;
        return { degrees: Number(degrees[1]), confidence: Number(confidence[1]) };
      });
    },
  };
}

/** MeanTextConf: each word's confidence truncated to an integer, their integer mean (0 without words). */
function meanTextConf(rows: readonly string[]): number {
  let sum = 0;
  let n = 0;
  for (const row of rows) {
    const cols = row.split('\t');
    if (cols[0] !== '5') continue;
    const conf = Number(cols[10]);
    if (!Number.isFinite(conf) || conf < 0) continue;
    sum += Math.trunc(conf);
    n++;
  }
  return n ? Math.trunc(sum / n) : 0;
}
