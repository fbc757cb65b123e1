import { api, apiBlob, saveBlob } from '../../lib/api';
import { bookFileName, type BookFormat } from './bookFormat';

/*
 * The family history book (issue 33), served by the research service under /api/books. The shapes
 * are the contract as the book engineers agreed it (decision 0236 says what this page
 * relies on).
 */

export type ChapterStatus = 'empty' | 'writing' | 'written' | 'edited' | 'failed';
export type CompileStatus = 'none' | 'queued' | 'running' | 'done' | 'failed';

export interface BookChapter {
  n: number;
  title: string;
  label?: string;
  status: ChapterStatus;
  source: 'register' | 'model' | 'author' | null;
  /** Markdown-light: paragraphs split by blank lines, `*italic*`, endnote markers `[^n]`. */
  text: string | null;
  updatedAt: string;
}

export interface BookCompile {
  status: CompileStatus;
  /** 0..1 */
  progress: number;
  error: string | null;
  compiledAt: string | null;
}

export interface Book {
  id: string;
  title: string;
  rootIndividualId: string | null;
  conversationId: string | null;
  generations: number;
  outline: string[];
  chapters: BookChapter[];
  compile: BookCompile;
  createdAt: string;
  updatedAt: string;
}

/** A row of the list: what GET /api/books gives, read leniently (full books or summaries). */
export interface BookSummary {
  id: string;
  title: string;
  chaptersWritten: number;
  chapterCount: number;
  compiledAt: string | null;
  updatedAt: string | null;
}

export interface NewBook {
  title?: string;
  rootIndividualId?: string;
  conversationId?: string;
  generations?: number;
}

export const BOOKS_KEY = ['books'] as const;
export const bookKey = (id: string) => [...BOOKS_KEY, 'book', id] as const;

const bookPath = (id: string) => `/api/books/${encodeURIComponent(id)}`;

type RawSummary = Partial<BookSummary> & {
  /** The service's name for the written chapters (decision 0233). */
  writtenCount?: number;
  id: string;
  title: string;
  chapters?: Pick<BookChapter, 'status'>[];
  compile?: Partial<BookCompile>;
};

const WRITTEN: ReadonlySet<ChapterStatus> = new Set(['written', 'edited']);

/** Either the counts the service gives or those of the chapters it sends. */
export function toSummary(raw: RawSummary): BookSummary {
  const chapters = raw.chapters;
  return {
    id: raw.id,
    title: raw.title,
    chaptersWritten:
      raw.chaptersWritten ?? raw.writtenCount ?? chapters?.filter((c) => WRITTEN.has(c.status)).length ?? 0,
    chapterCount: raw.chapterCount ?? chapters?.length ?? 0,
    compiledAt: raw.compiledAt ?? raw.compile?.compiledAt ?? null,
    updatedAt: raw.updatedAt ?? null,
  };
}

export async function fetchBooks(): Promise<BookSummary[]> {
  const data = await api<{ books?: RawSummary[] } | RawSummary[]>('/api/books');
  const rows = Array.isArray(data) ? data : data.books;
  if (!Array.isArray(rows)) throw new Error('Unexpected book list format');
  return rows.map(toSummary);
}

export function fetchBook(id: string): Promise<Book> {
  return api<Book>(bookPath(id));
}

export async function createBook(body: NewBook): Promise<string> {
  return (await api<{ id: string }>('/api/books', { method: 'POST', body })).id;
}

export function updateBook(id: string, body: { title?: string; outline?: string[] }): Promise<unknown> {
  return api(bookPath(id), { method: 'PUT', body });
}

/** The author's text; null gives the chapter back to the text GNology writes (the register). */
export function saveChapter(id: string, n: number, text: string | null): Promise<unknown> {
  return api(`${bookPath(id)}/chapters/${n}`, { method: 'PUT', body: { text } });
}

export function deleteBook(id: string): Promise<unknown> {
  return api(bookPath(id), { method: 'DELETE' });
}

export async function compileBook(id: string): Promise<string> {
  return (await api<{ jobId: string }>(`${bookPath(id)}/compile`, { method: 'POST' })).jobId;
}

/** The export needs the bearer header, so it is fetched and saved rather than linked. */
export async function downloadBook(id: string, title: string, format: BookFormat): Promise<void> {
  const blob = await apiBlob(`${bookPath(id)}/export?format=${format}`);
  saveBlob(blob, bookFileName(title, format));
}
