import { newObjectId } from '@gnology/platform/ids';
import type { Kysely, Selectable } from 'kysely';
import type { ProjectState } from '../domain/book';
import { DEFAULT_OUTLINE } from '../domain/book';
import type { BookProjectsTable, ResearchDB } from './schema';

type Db = Kysely<ResearchDB>;
type Row = Selectable<BookProjectsTable>;

export function toState(row: Row): ProjectState {
  return {
    title: row.title,
    outline: row.outline,
    sections: row.sections ?? [],
    currentSection: row.current_section,
    resume: !row.section_complete,
    tail: row.tail,
  };
}

/** The user's most recently worked book (any conversation): "continue" picks it up. */
export async function activeProject(db: Db, userId: string): Promise<Row | undefined> {
  return db
    .selectFrom('book_projects')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function getProject(db: Db, id: string): Promise<Row | undefined> {
  return db.selectFrom('book_projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createProject(db: Db, userId: string, title: string): Promise<Row> {
  return db
    .insertInto('book_projects')
    .values({ id: newObjectId(), user_id: userId, title, outline: JSON.stringify(DEFAULT_OUTLINE), sections: '[]' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function saveProject(db: Db, id: string, s: ProjectState): Promise<void> {
  await db
    .updateTable('book_projects')
    .set({
      title: s.title,
      outline: JSON.stringify(s.outline),
      sections: JSON.stringify(s.sections),
      current_section: s.currentSection,
      section_complete: !s.resume,
      tail: s.tail,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
