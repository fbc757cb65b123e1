import { HttpError } from '@gnology/platform/http/errors';
import type { ResearchDeps } from '../context';
import { BOOK_GENERATIONS_DEFAULT, type CreateBookBody } from '../domain/book-api';
import { getProject } from '../store/book-projects';
import { adoptWrittenParts } from './book-chapter-from-generation';
import { insertBook, projectOfConversation, syncChapters, touchProject } from '../store/books';

export const NO_BOOK_PLAN =
  'That conversation has no book plan yet: ask Gene to "Write the book" there first, or start the book without a conversation.';

/**
 * A new book. Started from a conversation, it adopts the book project that conversation's
 * "Write the book" began (its outline, one chapter per part) and becomes the project "continue"
 * works on next, so the model's parts land in its chapters. Without one, its outline is empty
 * until the first compile, when the register's chapters give it one (decision 0233).
 */
export async function createBook(
  deps: Pick<ResearchDeps, 'database' | 'clients'>,
  userId: string,
  body: CreateBookBody,
  httpRequestId?: string,
): Promise<{ id: string }> {
  const db = deps.database.db;
  let projectId: string | null = null;
  let outline: string[] = [];
  let project: Awaited<ReturnType<typeof getProject>>;
  if (body.conversationId) {
    projectId = await projectOfConversation(db, userId, body.conversationId);
    if (!projectId) {
      // Another user's conversation (or none) answers 404 from the conversation service.
      await deps.clients(httpRequestId).conversation(userId, body.conversationId);
      throw new HttpError(422, NO_BOOK_PLAN, { code: 'no_book_plan' });
    }
    project = await getProject(db, projectId);
    outline = project?.outline ?? [];
  }
  return db.transaction().execute(async (trx) => {
    const book = await insertBook(trx, {
      user_id: userId,
      title: body.title,
      root_individual_id: body.rootIndividualId ?? null,
      conversation_id: body.conversationId ?? null,
      book_project_id: projectId,
      generations: body.generations ?? BOOK_GENERATIONS_DEFAULT,
      trim: body.trim ?? '6x9',
      outline,
    });
    await syncChapters(trx, book, outline);
    if (project) await adoptWrittenParts(trx, book, project);
    // "continue" works on the user's most recently touched project: this one now.
    if (projectId) await touchProject(trx, projectId);
    return { id: book.id };
  });
}
