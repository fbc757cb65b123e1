import type { ResearchDeps } from '../context';
import { PLAN_INDEX } from '../domain/book';
import type { BookContext } from '../domain/model';
import { booksOfProject, getChapter, partGenerations, writeChapter } from '../store/books';

type Db = ResearchDeps['database']['db'];

/**
 * A generation writing a part of a book project: the chapter of every book that adopted the
 * project (chapter n = part n) shows it as being written. The author's own text is never touched.
 */
export async function bookChapterWriting(db: Db, projectId: string, ctx: BookContext, generationId: string) {
  if (ctx.section.index === PLAN_INDEX) return;
  const n = ctx.section.index + 1;
  for (const book of await booksOfProject(db, projectId)) {
    const chapter = await getChapter(db, book.id, n);
    if (chapter?.source === 'author') continue;
    await writeChapter(db, book, {
      n,
      title: chapter?.title ?? ctx.section.title,
      label: chapter?.label ?? null,
      status: 'writing',
      source: chapter?.source === 'model' ? 'model' : null,
      text: chapter?.source === 'model' ? chapter.text : null,
      notes: chapter?.notes ?? [],
      generationId,
    });
  }
}

/**
 * A generation of a part ended (finished, cut off or stopped): the chapter's text is the part's
 * text, rebuilt from the generations that wrote it (the last one that started the part, then
 * those that resumed it), so a retried job writes the same text twice rather than twice the
 * text. Source 'model'; 'written' once the part is finished, 'writing' while it will be resumed.
 */
export async function bookChapterWritten(
  db: Db,
  projectId: string,
  ctx: BookContext,
  generation: { id: string; text: string; failed?: boolean },
  finished: boolean,
) {
  if (ctx.section.index === PLAN_INDEX) return;
  const n = ctx.section.index + 1;
  const books = await booksOfProject(db, projectId);
  if (!books.length) return;
  const text = await partText(db, projectId, ctx.section.index, generation);
  const written = text.trim().length > 0;
  for (const book of books) {
    const chapter = await getChapter(db, book.id, n);
    if (chapter?.source === 'author') continue;
    await writeChapter(db, book, {
      n,
      title: chapter?.title ?? ctx.section.title,
      label: chapter?.label ?? null,
      status: written ? (finished ? 'written' : 'writing') : 'failed',
      source: written ? 'model' : null,
      text: written ? text : null,
      notes: [],
      generationId: generation.id,
    });
  }
}

/**
 * The part's text: the generations that wrote it, from the last one that started it through
 * those that resumed it. `current` is a generation whose row is not final yet (its text passed).
 */
async function partText(
  db: Db,
  projectId: string,
  index: number,
  current?: { id: string; text: string; failed?: boolean },
): Promise<string> {
  const parts = (await partGenerations(db, projectId, index))
    .map((g) => (g.id === current?.id ? { ...g, text: current.failed ? '' : current.text, status: 'this' } : g))
    .filter((g) => g.status === 'this' || g.status === 'completed' || g.status === 'stopped');
  return parts
    .slice(
      Math.max(
        0,
        parts.findLastIndex((g) => !g.resume),
      ),
    )
    .map((g) => g.text)
    .join('');
}

/**
 * A book adopting a project whose first parts are already written (in the conversation, before
 * the book existed): those parts become its chapters, 'written' before the project's current
 * part, 'writing' for a part cut off and waiting to be resumed.
 */
export async function adoptWrittenParts(
  db: Db,
  book: { id: string; user_id: string },
  project: { id: string; outline: string[]; current_section: number },
): Promise<void> {
  for (let i = 0; i < project.outline.length && i <= project.current_section; i++) {
    const text = await partText(db, project.id, i);
    if (!text.trim()) continue;
    await writeChapter(db, book, {
      n: i + 1,
      title: project.outline[i]!,
      status: i < project.current_section ? 'written' : 'writing',
      source: 'model',
      text,
      notes: [],
    });
  }
}
