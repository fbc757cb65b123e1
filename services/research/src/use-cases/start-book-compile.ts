import { HttpError } from '@gnology/platform/http/errors';
import type { ResearchDeps } from '../context';
import { COMPILE_BOOK_ATTEMPTS, COMPILE_BOOK_JOB, type CompileBookJobData, RESEARCH_QUEUE } from '../jobs/queue';
import { claimCompile, compilesUnderWay, setCompileState } from '../store/books';
import { ownedBook } from './read-books';

/** A compile that has not moved for this long lost its job (a step never takes minutes without progress). */
export const COMPILE_STALE_MS = 15 * 60_000;

/** Books one user may have compiling at once: the research worker's slots are shared with everyone's generations. */
export const MAX_COMPILES_PER_USER = 2;
export const TOO_MANY_COMPILES = `${MAX_COMPILES_PER_USER} of your books are being compiled already: wait for one to finish.`;

export const ALREADY_COMPILING = 'This book is already being compiled: wait for it to finish.';

/**
 * Queues a compile: the book moves to 'queued' only if it is not queued or running already
 * (409 otherwise, decided in one UPDATE so two clicks cannot queue two), and only while the
 * user has fewer than MAX_COMPILES_PER_USER other books compiling (429). The job's id names the
 * book and the compile's number, so a repeated enqueue of the same compile is one job.
 */
export async function startBookCompile(
  deps: Pick<ResearchDeps, 'database' | 'queue' | 'logger'>,
  userId: string,
  id: string,
  httpRequestId?: string,
): Promise<{ jobId: string }> {
  const db = deps.database.db;
  const book = await ownedBook(db, userId, id);
  const busy = ['queued', 'running'].includes(book.compile_status);
  if (!busy && (await compilesUnderWay(db, userId, COMPILE_STALE_MS)) >= MAX_COMPILES_PER_USER)
    throw new HttpError(429, TOO_MANY_COMPILES, { code: 'too_many_compiles' });
  const claimed = await claimCompile(db, userId, book.id, COMPILE_STALE_MS);
  if (!claimed) throw new HttpError(409, ALREADY_COMPILING, { code: 'already_compiling' });
  const jobId = `book-${claimed.id}-${claimed.compile_count}`;
  // Recorded before the enqueue: once queued, the job may already be running and own the state.
  await setCompileState(db, claimed.id, { status: 'queued', jobId });
  try {
    await deps.queue.enqueue<CompileBookJobData>(
      RESEARCH_QUEUE,
      COMPILE_BOOK_JOB,
      { bookId: claimed.id, run: claimed.compile_count },
      { jobId, attempts: COMPILE_BOOK_ATTEMPTS, backoffMs: 2000, requestId: httpRequestId },
    );
  } catch (err) {
    // Not queued: the book must not stay 'queued' for ever.
    await setCompileState(db, claimed.id, { status: 'failed', error: 'The compile could not be queued. Try again.' });
    throw err;
  }
  return { jobId };
}
