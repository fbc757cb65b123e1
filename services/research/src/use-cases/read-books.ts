import { notFound } from '@gnology/platform/http/errors';
import type { ResearchDeps } from '../context';
import type { BookSummaryView, BookView } from '../domain/book-api';
import {
  type BookRow,
  type ChapterRow,
  chapterCounts,
  getOwnedBook,
  listChapters,
  listOwnedBooks,
} from '../store/books';

export const BOOK_NOT_FOUND = 'Book not found';

type Db = ResearchDeps['database']['db'];

/** The user's book, or 404 (a malformed id and another user's book answer the same). */
export async function ownedBook(db: Db, userId: string, id: string): Promise<BookRow> {
  const book = /^[0-9a-f]{24}$/.test(id) ? await getOwnedBook(db, userId, id) : undefined;
  if (!book) throw notFound(BOOK_NOT_FOUND);
  return book;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function bookFields(b: BookRow): Omit<BookView, 'chapters'> {
  return {
    id: b.id,
    title: b.title,
    rootIndividualId: b.root_individual_id,
    conversationId: b.conversation_id,
    generations: b.generations,
    trim: b.trim,
    outline: b.outline,
    compile: {
      status: b.compile_status,
      progress: Math.max(0, Math.min(1, Number(b.compile_progress))),
      error: b.compile_error,
      compiledAt: b.compiled_at ? iso(b.compiled_at) : null,
    },
    createdAt: iso(b.created_at),
    updatedAt: iso(b.updated_at),
  };
}

export function chapterView(c: ChapterRow): BookView['chapters'][number] {
  return {
    n: c.n,
    title: c.title,
    ...(c.label ? { label: c.label } : {}),
    status: c.status,
    source: c.source,
    text: c.text,
    updatedAt: iso(c.updated_at),
  };
}

export async function readBook(deps: Pick<ResearchDeps, 'database'>, userId: string, id: string): Promise<BookView> {
  const db = deps.database.db;
  const book = await ownedBook(db, userId, id);
  const chapters = await listChapters(db, book.id);
  return { ...bookFields(book), chapters: chapters.map(chapterView) };
}

export async function listBooks(
  deps: Pick<ResearchDeps, 'database'>,
  userId: string,
): Promise<{ books: BookSummaryView[] }> {
  const db = deps.database.db;
  const books = await listOwnedBooks(db, userId);
  const counts = await chapterCounts(
    db,
    userId,
    books.map((b) => b.id),
  );
  return {
    books: books.map((b) => ({
      ...bookFields(b),
      chapterCount: counts.get(b.id)?.total ?? 0,
      writtenCount: counts.get(b.id)?.written ?? 0,
    })),
  };
}
