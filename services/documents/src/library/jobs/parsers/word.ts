import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PermanentProcessingError } from '../../domain/processing';
import { checkDocxArchive } from '../../domain/zip-inspection';
import { BUDGETED_ZIP_SOURCE } from './budgeted-zip';
import type { DocumentParser, ParseContext } from './types';
import { oneTextPage } from './text-page';

const PARSE_TIMEOUT_MS = 120_000;

/** What a DOCX that inflates past its budget is told (the detail says by how much). */
const ZIP_BOMB = 'The DOCX file was refused: it expands to far more data than a document holds (a "zip bomb")';

// Runs in a worker thread with a memory ceiling: a Word file that expands beyond it kills the
// thread, not the service. A DOCX is inflated here, through the running byte budget of
// budgeted-zip.ts (issue 29, point 1): mammoth reads its parts through it, never with its own
// ZIP reader, which believes the sizes the archive claims and inflates a whole part, into memory
// outside the thread's heap limit, before it notices that they lied. Plain CommonJS (eval), so
// it needs no separate file in the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${BUDGETED_ZIP_SOURCE}
(async () => {
  const data = Buffer.from(workerData.bytes);
  if (workerData.kind === 'docx') {
    const zip = openZipWithBudget(data, workerData.budget);
    const mammoth = require(workerData.mammoth);
    const result = await mammoth.extractRawText({ file: mammothFile(zip) });
    return result.value;
  }
  const WordExtractor = require(workerData.wordExtractor);
  const doc = await new WordExtractor().extract(data);
  return [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].filter((s) => s && s.trim()).join('\\n\\n');
})().then(
  (text) => parentPort.postMessage({ text }),
  (err) => parentPort.postMessage({ error: String((err && err.message) || err), bomb: err instanceof ArchiveRefused && err.bomb }),
);
`;

/** `budget`: the bytes a DOCX's parts may inflate to in all, whatever the archive claims. */
function extractInThread(kind: 'docx' | 'doc', bytes: Buffer, signal: AbortSignal, budget: number): Promise<string> {
  const require = createRequire(import.meta.url);
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        kind,
        bytes: ab,
        budget,
        mammoth: require.resolve('mammoth'),
        wordExtractor: require.resolve('word-extractor'),
      },
      transferList: [ab],
      resourceLimits: { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 },
    });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new PermanentProcessingError('The Word document took too long to read; it may be damaged.'));
    }, PARSE_TIMEOUT_MS);
    const onAbort = () => {
      worker.terminate();
      reject(new Error('processing was interrupted (worker shutting down)'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    worker.once('message', (msg: { text?: string; error?: string; bomb?: boolean }) => {
      done();
      worker.terminate();
      if (msg.bomb) reject(new PermanentProcessingError(`${ZIP_BOMB}; ${msg.error}.`));
      else if (msg.error !== undefined)
        reject(
          new PermanentProcessingError(
            `The Word document could not be read: it is damaged or not really a ${kind.toUpperCase()} file (${msg.error}).`,
          ),
        );
      else resolve(msg.text ?? '');
    });
    worker.once('error', (err: Error & { code?: string }) => {
      done();
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
        reject(
          new PermanentProcessingError(
            'The Word document expands to more data than can be processed; it may be a "zip bomb".',
          ),
        );
      else reject(new PermanentProcessingError(`The Word document could not be read (${err.message}).`));
    });
  });
}

/**
 * DOCX with mammoth: the archive's declared sizes are checked first (an honest bomb is refused
 * without starting a thread), then its parts are inflated in the thread within the same limit,
 * counted as they inflate, for archives whose sizes lie.
 */
export const docxParser: DocumentParser = {
  kinds: ['docx'],
  async parse(ctx: ParseContext) {
    await ctx.progress({ step: 'text' });
    const bytes = await readFile(ctx.path);
    const verdict = checkDocxArchive(bytes, ctx.limits.docxMaxUncompressedBytes);
    if (!verdict.ok) {
      const why =
        verdict.reason === 'too-large' || verdict.reason === 'ratio'
          ? 'it expands to far more data than a document holds (a "zip bomb")'
          : 'it is not a valid Word document';
      throw new PermanentProcessingError(`The DOCX file was refused: ${why}; ${verdict.detail}.`);
    }
    const text = (await extractInThread('docx', bytes, ctx.signal, ctx.limits.docxMaxUncompressedBytes)).trim();
    return oneTextPage(text);
  },
};

/** Word 97-2003 with word-extractor. */
export const docParser: DocumentParser = {
  kinds: ['doc'],
  async parse(ctx: ParseContext) {
    await ctx.progress({ step: 'text' });
    const text = (await extractInThread('doc', await readFile(ctx.path), ctx.signal, 0)).trim();
    return oneTextPage(text);
  },
};
