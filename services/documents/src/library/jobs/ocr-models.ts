import { mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { OCR_LANGUAGE_CODES } from '@gnology/contracts';

/** The model we ship: LSTM only, integer-quantised "best" (same text as 4.0.0, faster and ~40 MB lighter). */
export const OCR_MODEL = '4.0.0_best_int';

/** One language's model as its `@tesseract.js-data/<code>` package ships it. */
export function modelFile(code: string): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)),
    OCR_MODEL,
    `${code}.traineddata.gz`,
  );
}

/** English's model folder (benchmarks give it to the native CLI). */
export function modelLangPath(): string {
  return path.dirname(modelFile('eng'));
}

/**
 * tesseract.js reads every language from one `langPath`, but each language ships in its own
 * package: this folder links them all (and the orientation model, `osd`) under one roof. Nothing
 * is read until a worker asks for a language, so models load lazily; tesseract.js then keeps each
 * unpacked in its cache folder.
 */
export function linkedModels(dir: string): string {
  const folder = path.join(dir, 'models');
  mkdirSync(folder, { recursive: true });
  for (const code of [...OCR_LANGUAGE_CODES, 'osd']) {
    // Made beside and renamed over: a link left by another install (another node_modules) is
    // replaced, and two processes starting at once never see a half-made link.
    const link = path.join(folder, `${code}.traineddata.gz`);
    const temp = `${link}.${process.pid}`;
    rmSync(temp, { force: true });
    symlinkSync(modelFile(code), temp);
    renameSync(temp, link);
  }
  return folder;
}
