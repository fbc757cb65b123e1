import { newObjectId } from '@gnology/platform/ids';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { BookMark } from '../domain/book-marks';
import type { Endnote } from '../domain/manuscript';
import type {
  BookChapterSource,
  BookChaptersTable,
  BookChapterStatus,
  BookCompileStatus,
  BooksTable,
  ResearchDB,
} from './schema';

type Db = Kysely<ResearchDB> | Transaction<ResearchDB>;
export type BookRow = Selectable<BooksTable>;
export type ChapterRow = Selectable<BookChaptersTable>;

/** Books and their chapters (migration 0003). Every query that takes a user id filters by owner. */

export async function insertBook(
  db: Db,
  b: Pick<BookRow, 'user_id' | 'title' | 'root_individual_id' | 'conversation_id' | 'book_project_id'> & {
    generations: number;
    trim: BookRow['trim'];
    outline: string[];
  },
): Promise<BookRow> {
  return db
    .insertInto('books')
    .values({
      id: newObjectId(),
      user_id: b.user_id,
      title: b.title,
      root_individual_id: b.root_individual_id,
      conversation_id: b.conversation_id,
      book_project_id: b.book_project_id,
      generations: b.generations,
      trim: b.trim,
      outline: JSON.stringify(b.outline),
      compile_error: null,
      compile_job_id: null,
      compile_beat_at: null,
      compiled_at: null,
      manuscript_key: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getOwnedBook(db: Db, userId: string, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('books').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function getBook(db: Db, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOwnedBooks(db: Db, userId: string): Promise<BookRow[]> {
  return db
    .selectFrom('books')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Per book: how many chapters, and how many hold text. */
export async function chapterCounts(
  db: Db,
  userId: string,
  bookIds: string[],
): Promise<Map<string, { total: number; written: number }>> {
  if (!bookIds.length) return new Map();
  const rows = await db
    .selectFrom('book_chapters')
    .select(['book_id'])
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(sql`case when text is not null then 1 end`).as('written'),
    ])
    .where('user_id', '=', userId)
    .where('book_id', 'in', bookIds)
    .groupBy('book_id')
    .execute();
  return new Map(rows.map((r) => [r.book_id, { total: Number(r.total), written: Number(r.written) }]));
}

export async function updateBookFields(
  db: Db,
  id: string,
  set: Partial<Pick<BookRow, 'title' | 'generations' | 'trim'>> & { outline?: string[] },
): Promise<void> {
  const { outline, ...rest } = set;
  await db
    .updateTable('books')
    .set({ ...rest, ...(outline ? { outline: JSON.stringify(outline) } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteOwnedBook(db: Db, userId: string, id: string): Promise<BookRow | undefined> {
  return db.deleteFrom('books').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}

export async function listChapters(db: Db, bookId: string): Promise<ChapterRow[]> {
  return db.selectFrom('book_chapters').selectAll().where('book_id', '=', bookId).orderBy('n').execute();
}

/**
 * Makes the chapter rows follow an outline: chapter n takes the outline's n-th title, new rows
 * start empty, rows past its end go. Texts stay with their number.
 */
export async function syncChapters(db: Db, book: Pick<BookRow, 'id' | 'user_id'>, outline: string[]): Promise<void> {
  await db.deleteFrom('book_chapters').where('book_id', '=', book.id).where('n', '>', outline.length).execute();
  if (!outline.length) return;
  await db
    .insertInto('book_chapters')
    .values(
      outline.map((title, i) => ({
        book_id: book.id,
        user_id: book.user_id,
        n: i + 1,
        title,
        label: null,
        source: null,
        text: null,
        generation_id: null,
      })),
    )
    .onConflict((oc) => oc.columns(['book_id', 'n']).doUpdateSet({ title: (eb) => eb.ref('excluded.title') }))
    .execute();
}

export interface ChapterWrite {
  n: number;
  title: string;
  label?: string | null;
  status: BookChapterStatus;
  source: BookChapterSource | null;
  text: string | null;
  notes?: Endnote[];
  marks?: BookMark[];
  generationId?: string | null;
}

/**
 * Writes one chapter (inserting it when the book has no row of that number yet). With
 * `unlessKept`, a row that holds the model's or the author's text by now is left alone: a
 * compile's register text never replaces an edit saved while it ran.
 */
export async function writeChapter(
  db: Db,
  book: Pick<BookRow, 'id' | 'user_id'>,
  c: ChapterWrite,
  opts: { unlessKept?: boolean } = {},
): Promise<void> {
  const values = {
    title: c.title,
    label: c.label ?? null,
    status: c.status,
    source: c.source,
    text: c.text,
    notes: JSON.stringify(c.notes ?? []),
    marks: JSON.stringify(c.marks ?? []),
    generation_id: c.generationId ?? null,
    updated_at: new Date(),
  };
  await db
    .insertInto('book_chapters')
    .values({ book_id: book.id, user_id: book.user_id, n: c.n, ...values })
    .onConflict((oc) => {
      const update = oc.columns(['book_id', 'n']).doUpdateSet(values);
      return opts.unlessKept
        ? update.where((eb) =>
            eb.or([eb('book_chapters.source', 'is', null), eb('book_chapters.source', '=', 'register')]),
          )
        : update;
    })
    .execute();
}

/**
 * Claims the compile: only a book that is not queued or running moves to queued (409 otherwise),
 * or one whose compile has not moved for `staleMs` (its job was lost: a queue emptied by hand).
 */
export async function claimCompile(db: Db, userId: string, id: string, staleMs: number): Promise<BookRow | undefined> {
  return db
    .updateTable('books')
    .set((eb) => ({
      compile_status: 'queued',
      compile_progress: 0,
      compile_error: null,
      compile_count: eb('compile_count', '+', 1),
      compile_beat_at: new Date(),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('compile_status', 'not in', ['queued', 'running']),
        eb('compile_beat_at', '<', new Date(Date.now() - staleMs)),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function setCompileState(
  db: Db,
  id: string,
  s: {
    status: BookCompileStatus;
    progress?: number;
    error?: string | null;
    jobId?: string;
    compiledAt?: Date;
    manuscriptKey?: string;
    /** Only while the book's compile is this one (a lost job's late try changes nothing). */
    run?: number;
  },
): Promise<void> {
  await db
    .updateTable('books')
    .set({
      compile_status: s.status,
      compile_beat_at: new Date(),
      ...(s.progress !== undefined ? { compile_progress: s.progress } : {}),
      ...(s.error !== undefined ? { compile_error: s.error } : {}),
      ...(s.jobId !== undefined ? { compile_job_id: s.jobId } : {}),
      ...(s.compiledAt !== undefined ? { compiled_at: s.compiledAt } : {}),
      ...(s.manuscriptKey !== undefined ? { manuscript_key: s.manuscriptKey } : {}),
    })
    .where('id', '=', id)
    .$if(s.run !== undefined, (q) => q.where('compile_count', '=', s.run!))
    .execute();
}

/** The books that adopted a book project (their chapters receive the model's parts). */
export async function booksOfProject(db: Db, projectId: string): Promise<BookRow[]> {
  return db.selectFrom('books').selectAll().where('book_project_id', '=', projectId).execute();
}

/** The book project a conversation's latest "Write the book" started, if any (owner-checked). */
export async function projectOfConversation(db: Db, userId: string, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('generations')
    .select('book_project_id')
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .where('book_project_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.book_project_id ?? null;
}

/**
 * The generations that wrote one part of a book project, oldest first: a part cut off by the
 * answer limit is finished by later ones that resume it. Derived each time from the
 * generations, so writing a chapter twice (a retried job) gives the same text.
 */
export async function partGenerations(
  db: Db,
  projectId: string,
  sectionIndex: number,
): Promise<{ id: string; text: string; resume: boolean; status: string }[]> {
  const rows = await db
    .selectFrom('generations')
    .select([
      'id',
      'text',
      'status',
      sql<boolean>`coalesce((input->'book'->'section'->>'resume')::boolean, false)`.as('resume'),
    ])
    .where('book_project_id', '=', projectId)
    .where(sql`(input->'book'->'section'->>'index')::int`, '=', sectionIndex)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows;
}

/** Makes a book project the user's most recent (the one "continue" picks up). */
export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.updateTable('book_projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}

/** The author renamed or reordered the chapters: the project's next parts follow. */
export async function setProjectOutline(db: Db, projectId: string, outline: string[]): Promise<void> {
  await db
    .updateTable('book_projects')
    .set({ outline: JSON.stringify(outline), updated_at: new Date() })
    .where('id', '=', projectId)
    .execute();
}

export async function getChapter(db: Db, bookId: string, n: number): Promise<ChapterRow | undefined> {
  return db.selectFrom('book_chapters').selectAll().where('book_id', '=', bookId).where('n', '=', n).executeTakeFirst();
}

export async function touchBook(db: Db, id: string): Promise<void> {
  await db.updateTable('books').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

/** How many of the user's books are being compiled now (not counting compiles silent for `staleMs`). */
export async function compilesUnderWay(db: Db, userId: string, staleMs: number): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('compile_status', 'in', ['queued', 'running'])
    .where('compile_beat_at', '>=', new Date(Date.now() - staleMs))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
