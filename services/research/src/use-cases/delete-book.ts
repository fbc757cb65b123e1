import { notFound } from '@gnology/platform/http/errors';
import type { ResearchDeps } from '../context';
import { deleteOwnedBook } from '../store/books';
import { bookStoragePrefix } from './book-storage';
import { BOOK_NOT_FOUND } from './read-books';

/** Deletes the book, its chapters and its compiled files. A compile still running finds it gone and stops. */
export async function deleteBook(
  deps: Pick<ResearchDeps, 'database' | 'storage' | 'logger'>,
  userId: string,
  id: string,
): Promise<void> {
  const book = /^[0-9a-f]{24}$/.test(id) ? await deleteOwnedBook(deps.database.db, userId, id) : undefined;
  if (!book) throw notFound(BOOK_NOT_FOUND);
  await deps.storage
    .deletePrefix(bookStoragePrefix(userId, id))
    .catch((err) => deps.logger.warn({ err, bookId: id }, 'deleting a book’s files failed; they are orphaned'));
}
