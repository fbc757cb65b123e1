import { notFound } from '@gnology/platform/http/errors';
import type { ResearchDeps } from '../context';
import type { BookChapterView, BookView, UpdateBookBody, UpdateChapterBody } from '../domain/book-api';
import { getChapter, setProjectOutline, syncChapters, touchBook, updateBookFields, writeChapter } from '../store/books';
import { chapterView, ownedBook, readBook } from './read-books';

/**
 * The title, generations, trim or outline. A new outline renames the chapters by number, adds
 * empty ones or drops those past its end; a book that adopted a conversation's plan passes the
 * outline to the project, so "continue" writes the parts the author now lists.
 */
export async function updateBook(
  deps: Pick<ResearchDeps, 'database'>,
  userId: string,
  id: string,
  body: UpdateBookBody,
): Promise<BookView> {
  const db = deps.database.db;
  const book = await ownedBook(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await updateBookFields(trx, book.id, body);
    if (body.outline) {
      await syncChapters(trx, book, body.outline);
      if (book.book_project_id) await setProjectOutline(trx, book.book_project_id, body.outline);
    }
  });
  return readBook(deps, userId, id);
}

/**
 * The author's text of chapter n: kept by every compile (status 'edited', source 'author'); its
 * `[^n]` markers keep pointing at the chapter's notes. Null gives the chapter back to the
 * register, which writes it again at the next compile.
 */
export async function updateChapter(
  deps: Pick<ResearchDeps, 'database'>,
  userId: string,
  id: string,
  n: number,
  body: UpdateChapterBody,
): Promise<BookChapterView> {
  const db = deps.database.db;
  const book = await ownedBook(db, userId, id);
  const chapter = await getChapter(db, book.id, n);
  if (!chapter) throw notFound(`This book has no chapter ${n}.`);
  const title = body.title ?? chapter.title;
  await db.transaction().execute(async (trx) => {
    await writeChapter(trx, book, {
      n,
      title,
      label: chapter.label,
      ...(body.text === null
        ? { status: 'empty' as const, source: null, text: null, notes: [], marks: [] }
        : {
            status: 'edited' as const,
            source: 'author' as const,
            text: body.text,
            notes: chapter.notes,
            marks: chapter.marks,
          }),
      generationId: body.text === null ? null : chapter.generation_id,
    });
    if (title !== chapter.title) {
      const outline = [...book.outline];
      outline[n - 1] = title;
      await updateBookFields(trx, book.id, { outline });
      if (book.book_project_id) await setProjectOutline(trx, book.book_project_id, outline);
    } else await touchBook(trx, book.id);
  });
  return chapterView((await getChapter(db, book.id, n))!);
}
