import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { GenerationInput, GenerationStatus, GenerationsTable, ResearchDB } from './schema';

type Db = Kysely<ResearchDB>;
export type GenerationRow = Selectable<GenerationsTable>;

export const GENERATION_CHANNEL = 'research_generation';

export async function createGeneration(
  db: Db,
  g: {
    id: string;
    userId: string;
    conversationId: string | null;
    requestType: GenerationsTable['request_type'];
    input: GenerationInput;
    bookProjectId: string | null;
    provider: string;
  },
): Promise<void> {
  await db
    .insertInto('generations')
    .values({
      id: g.id,
      user_id: g.userId,
      conversation_id: g.conversationId,
      request_type: g.requestType,
      input: JSON.stringify(g.input),
      book_project_id: g.bookProjectId,
      provider: g.provider,
      error: null,
      error_status: null,
      result: null,
    })
    .execute();
}

export async function getGeneration(db: Db, id: string): Promise<GenerationRow | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserGeneration(db: Db, userId: string, id: string): Promise<GenerationRow | undefined> {
  return db.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** A user's latest generations (20), of one conversation or all, running ones only when asked. */
export async function listUserGenerations(
  db: Db,
  userId: string,
  f: { conversationId?: string; activeOnly: boolean },
): Promise<GenerationRow[]> {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(Boolean(f.conversationId), (q) => q.where('conversation_id', '=', f.conversationId!))
    .$if(f.activeOnly, (q) => q.where('status', 'in', ['queued', 'running']))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

/** The text after `from` characters (Postgres characters), with the state a reader needs. */
export async function readGenerationFrom(db: Db, userId: string, id: string, from: number) {
  const r = await sql<{
    status: GenerationStatus;
    length: number;
    chunk: string;
    error: string | null;
    error_status: number | null;
    result: Record<string, unknown> | null;
  }>`
    select status, char_length(text) as length, substr(text, ${from + 1}) as chunk, error, error_status, result
    from generations where id = ${id} and user_id = ${userId}`.execute(db);
  return r.rows[0];
}

/** Saves the text so far (and wakes readers). Refuses to move a finished generation back. */
export async function saveProgress(db: Db, id: string, text: string): Promise<{ stopRequested: boolean }> {
  const r = await db
    .updateTable('generations')
    .set({ text, status: 'running', updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning('stop_requested')
    .executeTakeFirst();
  await notify(db, id);
  return { stopRequested: r?.stop_requested ?? true };
}

export async function markAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('generations')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  await notify(db, id);
}

export async function addUsage(
  db: Db,
  id: string,
  u: { inputTokens: number; outputTokens: number; savedTokens: number },
): Promise<void> {
  await db
    .updateTable('generations')
    .set((eb) => ({
      usage_input: eb('usage_input', '+', u.inputTokens),
      usage_output: eb('usage_output', '+', u.outputTokens),
      usage_saved: eb('usage_saved', '+', u.savedTokens),
    }))
    .where('id', '=', id)
    .execute();
}

export async function finishGeneration(
  db: Db,
  id: string,
  f: {
    status: 'completed' | 'stopped' | 'failed';
    text?: string;
    error?: string | null;
    errorStatus?: number | null;
    result?: Record<string, unknown> | null;
  },
): Promise<void> {
  await db
    .updateTable('generations')
    .set({
      status: f.status,
      ...(f.text !== undefined ? { text: f.text } : {}),
      error: f.error ?? null,
      error_status: f.errorStatus ?? null,
      result: f.result ? JSON.stringify(f.result) : null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  // The generation no longer counts against the user's requests in flight.
  await db.deleteFrom('requests_in_flight').where('request_id', '=', id).execute();
  await notify(db, id);
}

export async function requestStop(db: Db, userId: string, id: string): Promise<GenerationRow | undefined> {
  const row = await db
    .updateTable('generations')
    .set({ stop_requested: true, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (row) await notify(db, id);
  return row;
}

export async function notify(db: Db, id: string): Promise<void> {
  await sql`select pg_notify(${GENERATION_CHANNEL}, ${id})`.execute(db);
}
