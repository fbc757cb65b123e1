import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HttpError } from '@gnology/platform/http/errors';
import { ObjectNotFoundError } from '@gnology/platform/storage';
import type { ResearchDeps } from '../context';
import { decodeManuscript } from '../domain/book-json';
import { BOOK_EXTENSION, BOOK_MIME, type BookFormat, renderBook } from '../render';
import { exportKeyOf } from './book-storage';
import { ownedBook } from './read-books';

export const NOT_COMPILED = 'This book has not been compiled yet: compile it, then download it.';

export interface BookExport {
  body: Readable | Buffer;
  contentType: string;
  fileName: string;
}

/**
 * The last compile in one format (decision 0233): the file the compile job rendered, read from
 * object storage. Only a format the job could not render (or a compile from before the job
 * rendered) is rendered here, and kept. A book never compiled answers 422 (no compile on demand:
 * a 200-page PDF takes its time).
 */
export async function exportBook(
  deps: Pick<ResearchDeps, 'database' | 'storage' | 'logger'>,
  userId: string,
  id: string,
  format: BookFormat,
): Promise<BookExport> {
  const book = await ownedBook(deps.database.db, userId, id);
  if (!book.manuscript_key || !book.compiled_at) throw new HttpError(422, NOT_COMPILED, { code: 'not_compiled' });
  const fileName = `${fileStem(book.title)}${BOOK_EXTENSION[format]}`;
  const contentType = BOOK_MIME[format];
  // The last compile that finished (a compile under way writes a folder of its own).
  const key = exportKeyOf(book.manuscript_key, format);
  try {
    return { body: await deps.storage.get(key), contentType, fileName };
  } catch (err) {
    if (!(err instanceof ObjectNotFoundError)) throw err;
  }
  const manuscript = decodeManuscript((await buffer(await deps.storage.get(book.manuscript_key))).toString('utf8'));
  const bytes = await renderBook(manuscript, format);
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await deps.storage
    .put(key, body, { contentType, size: body.length })
    .catch((err) => deps.logger.warn({ err, bookId: book.id, format }, 'keeping a rendered book failed'));
  return { body, contentType, fileName };
}

/** A file name from the title: letters, digits, spaces and a few signs; never empty. */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ,.'()-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/^\.+/, '');
  return stem || 'Family history book';
}
