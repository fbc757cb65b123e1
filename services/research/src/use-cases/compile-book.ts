import { HttpError } from '@gnology/platform/http/errors';
import type { JobContext } from '@gnology/platform/jobs/types';
import type { ResearchDeps } from '../context';
import { assembleManuscript, registerPart } from '../domain/book-assemble';
import { planChapters, type StoredChapter } from '../domain/book-chapters';
import { encodeManuscript } from '../domain/book-json';
import type { Manuscript } from '../domain/manuscript';
import { writeRegister } from '../domain/register-narrative';
import { COMPILE_BOOK_ATTEMPTS, type CompileBookJobData } from '../jobs/queue';
import {
  type ChapterRow,
  getBook,
  listChapters,
  setCompileState,
  updateBookFields,
  writeChapter,
} from '../store/books';
import { BOOK_FORMATS, BOOK_MIME, renderBook } from '../render';
import { bookStoragePrefix, compilePrefix, exportKeyOf, manuscriptKey } from './book-storage';

export const EMPTY_LIBRARY =
  'There is nothing to write yet: the library has no people. Upload documents or import a family tree, then compile again.';
export const COMPILE_FAILED = 'The book could not be compiled. Try again in a few minutes.';

/** A failure no retry will mend: the book fails at once with this message. */
class PermanentCompileError extends Error {}

const stored = (c: ChapterRow): StoredChapter => ({
  n: c.n,
  title: c.title,
  label: c.label,
  status: c.status,
  source: c.source,
  text: c.text,
  notes: c.notes,
  marks: c.marks,
});

/**
 * The compile job (decision 0233): the material from the documents service, the register's
 * narrative for every chapter without the model's or the author's text, those texts kept, the
 * manuscript assembled and stored as JSON in object storage, then rendered in each format.
 * Progress (0..1) goes on the book row. Every step can run again: the register's chapters are
 * rewritten whole and the manuscript overwritten, so a try cut off by a worker shutdown or kill
 * is simply run again by the queue's retry. A job of an older compile, or of a deleted book,
 * does nothing.
 */
export async function compileBook(
  deps: Pick<ResearchDeps, 'database' | 'storage' | 'logger' | 'bookMaterial'>,
  job: JobContext<CompileBookJobData>,
): Promise<unknown> {
  const db = deps.database.db;
  const book = await getBook(db, job.data.bookId);
  if (!book) return { skipped: 'deleted' };
  if (book.compile_count !== job.data.run || !['queued', 'running'].includes(book.compile_status))
    return { skipped: book.compile_status };
  const log = deps.logger.child({ bookId: book.id, run: job.data.run, attempt: job.attempt, requestId: job.requestId });
  const progress = async (p: number) => {
    await setCompileState(db, book.id, { status: 'running', progress: p, run: job.data.run });
    await job.progress(Math.round(p * 100));
  };
  try {
    const started = Date.now();
    await progress(0.05);
    const material = await deps.bookMaterial(
      {
        userId: book.user_id,
        ...(book.root_individual_id ? { rootIndividualId: book.root_individual_id } : {}),
        generations: book.generations,
      },
      { requestId: job.requestId, signal: job.signal },
    );
    await progress(0.4);
    const register = writeRegister(material, { title: book.title, generations: book.generations });
    const rows = (await listChapters(db, book.id)).map(stored);
    const plan = planChapters(rows, register);
    if (!material.people.length && !plan.parts.some((p) => p.space !== 'register'))
      throw new PermanentCompileError(EMPTY_LIBRARY);
    await progress(0.55);

    // The register's chapters are stored as text, so the author sees and can edit them.
    const titles = new Map([...rows, ...plan.writes].map((c) => [c.n, c.title]));
    const outline = [...titles.keys()].sort((a, b) => a - b).map((n) => titles.get(n)!);
    await db.transaction().execute(async (trx) => {
      for (const w of plan.writes) await writeChapter(trx, book, { ...w, generationId: null }, { unlessKept: true });
      if (outline.join('\n') !== book.outline.join('\n')) await updateBookFields(trx, book.id, { outline });
    });
    await progress(0.7);

    // The title page names whom the book is about, unless its title already does.
    const root = material.people.find((p) => p.id === material.rootId);
    const manuscript = assembleManuscript({
      title: book.title,
      ...(root && !book.title.includes(root.name) ? { subtitle: `The family of ${root.name}` } : {}),
      compiledAt: new Date().toISOString(),
      trim: book.trim,
      introduction: registerPart(register, register.introduction),
      chapters: plan.parts,
      conclusion: registerPart(register, register.conclusion),
    });
    const key = manuscriptKey(book.user_id, book.id, job.data.run);
    const body = Buffer.from(encodeManuscript(manuscript));
    await deps.storage.put(key, body, { contentType: 'application/json', size: body.length });
    await progress(0.75);
    const rendered = await renderFormats(deps, key, job, manuscript, (done) =>
      progress(0.75 + (0.2 * done) / BOOK_FORMATS.length),
    );
    if (!(await getBook(db, book.id))) {
      await deps.storage.deletePrefix(bookStoragePrefix(book.user_id, book.id));
      return { skipped: 'deleted' };
    }
    await setCompileState(db, book.id, {
      status: 'done',
      progress: 1,
      error: null,
      compiledAt: new Date(manuscript.compiledAt),
      manuscriptKey: key,
      run: job.data.run,
    });
    await job.progress(100);
    await dropOtherCompiles(deps, book, job.data.run);
    log.info(
      {
        chapters: manuscript.chapters.length,
        notes: manuscript.notes.length,
        bytes: body.length,
        rendered,
        ms: Date.now() - started,
      },
      'book compiled',
    );
    return { chapters: manuscript.chapters.length, notes: manuscript.notes.length };
  } catch (err) {
    // Shutting down: leave the compile to the retry, whatever attempt this is.
    if (job.signal.aborted) throw err;
    const message = readableCompileError(err);
    if (message || job.attempt >= COMPILE_BOOK_ATTEMPTS) {
      log.warn({ err }, 'book compile failed');
      await setCompileState(db, book.id, { status: 'failed', error: message ?? COMPILE_FAILED, run: job.data.run });
      return { failed: message ?? COMPILE_FAILED };
    }
    log.warn({ err }, 'book compile try failed; it will be retried');
    throw err;
  }
}

/**
 * Each format rendered here, on the worker, and kept for the export route: the API process only
 * streams a file (a 200-page PDF takes the renderer hundreds of megabytes). A format whose
 * renderer fails is left out and logged; its download renders it on demand (and shows its error).
 */
async function renderFormats(
  deps: Pick<ResearchDeps, 'storage' | 'logger'>,
  manuscriptAt: string,
  job: JobContext<CompileBookJobData>,
  manuscript: Manuscript,
  onRendered: (done: number) => Promise<void>,
): Promise<Record<string, number | string>> {
  const sizes: Record<string, number | string> = {};
  let done = 0;
  for (const format of BOOK_FORMATS) {
    if (job.signal.aborted) throw job.signal.reason ?? new Error('worker shutting down');
    const started = Date.now();
    try {
      const bytes = await renderBook(manuscript, format);
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await deps.storage.put(exportKeyOf(manuscriptAt, format), body, {
        contentType: BOOK_MIME[format],
        size: body.length,
      });
      sizes[format] = body.length;
    } catch (err) {
      if (job.signal.aborted) throw err;
      deps.logger.warn({ err, key: manuscriptAt, format, ms: Date.now() - started }, 'rendering a book format failed');
      sizes[format] = 'failed';
    }
    await onRendered(++done);
  }
  return sizes;
}

/** The files of every other compile: older ones are replaced; a lost job's later one is no longer the book's. */
async function dropOtherCompiles(
  deps: Pick<ResearchDeps, 'storage' | 'logger'>,
  book: { id: string; user_id: string },
  run: number,
) {
  const keep = compilePrefix(book.user_id, book.id, run);
  const runs = `${bookStoragePrefix(book.user_id, book.id)}runs/`;
  const others = new Set(
    (await deps.storage.list(runs))
      .map((o) => o.key)
      .filter((k) => !k.startsWith(keep))
      .map((k) => k.slice(0, k.indexOf('/', runs.length) + 1)),
  );
  for (const prefix of others)
    await deps.storage
      .deletePrefix(prefix)
      .catch((err) => deps.logger.warn({ err, prefix }, 'deleting an older compile of a book failed'));
}

/** The message of a failure that retrying will not mend, or null (retry it). */
function readableCompileError(err: unknown): string | null {
  if (err instanceof PermanentCompileError) return err.message;
  // The documents service refused (no such person, nothing to write): its sentence is the user's.
  if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429)
    return err.message;
  return null;
}
