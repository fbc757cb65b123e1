import type { SaveMessageBody } from '@gnology/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ConversationDB, ConversationsTable, MessagesTable } from './schema';

/** The database or a transaction over it: the use cases decide which writes go together. */
type Db = Kysely<ConversationDB>;
type ConversationRow = Selectable<ConversationsTable>;

/** The user's conversations, most recent activity first. */
export function listConversationRows(db: Db, userId: string, limit: number): Promise<ConversationRow[]> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('last_activity', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** `titleIsDefault`: the title is a placeholder, to be replaced by the first question. */
export function insertConversation(
  db: Db,
  row: { id: string; userId: string; title: string; titleIsDefault: boolean },
): Promise<ConversationRow> {
  return db
    .insertInto('conversations')
    .values({ id: row.id, user_id: row.userId, title: row.title, title_is_default: row.titleIsDefault })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The conversation if it belongs to the user, else undefined. */
export function findConversation(db: Db, userId: string, id: string): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listMessageRows(db: Db, conversationId: string): Promise<Selectable<MessagesTable>[]> {
  return db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq').execute();
}

/** Stores the selection as given; undefined when the conversation is not the user's. */
export async function setSelectedDocuments(
  db: Db,
  userId: string,
  id: string,
  documentIds: string[],
): Promise<string[] | undefined> {
  const row = await db
    .updateTable('conversations')
    .set({ selected_documents: JSON.stringify(documentIds) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('selected_documents')
    .executeTakeFirst();
  return row?.selected_documents;
}

/** A title chosen (by the user or from the first question) is no longer the default one. */
export function setTitle(db: Db, userId: string, id: string, title: string): Promise<ConversationRow | undefined> {
  return db
    .updateTable('conversations')
    .set({ title, title_is_default: false })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the conversation and (by cascade) its messages. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('conversations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Counts new messages on the user's conversation and moves its last activity; undefined when not theirs. */
export function touchConversation(
  db: Db,
  userId: string,
  id: string,
  added = 1,
): Promise<{ id: string; title_is_default: boolean } | undefined> {
  return db
    .updateTable('conversations')
    .set((eb) => ({ last_activity: new Date(), message_count: eb('message_count', '+', added) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'title_is_default'])
    .executeTakeFirst();
}

export interface NewMessage {
  id: string;
  conversationId: string;
  userId: string;
  body: SaveMessageBody;
}

/** Inserts the messages in one statement; their `seq` follows the order given (history order). */
export function insertMessages(db: Db, messages: NewMessage[]): Promise<Selectable<MessagesTable>[]> {
  return db
    .insertInto('messages')
    .values(
      messages.map(({ id, conversationId, userId, body }) => ({
        id,
        conversation_id: conversationId,
        user_id: userId,
        type: body.type,
        content: body.content,
        request_type: body.requestType ?? 'regular',
        documents: body.documents ? JSON.stringify(body.documents) : null,
        tokens: body.tokens ? JSON.stringify(body.tokens) : null,
        token_balance: body.tokenBalance ? JSON.stringify(body.tokenBalance) : null,
        cost: body.cost ?? null,
        sources: body.sources?.length ? JSON.stringify(body.sources) : null,
        ...(body.timestamp ? { created_at: body.timestamp } : {}),
      })),
    )
    .returningAll()
    .execute();
}

/** Adds words to the user's search vocabulary (the similar-spelling source); known words are kept once. */
export async function addUserTerms(db: Db, userId: string, terms: string[]): Promise<void> {
  if (terms.length === 0) return;
  await db
    .insertInto('user_terms')
    .values(terms.map((term) => ({ user_id: userId, term })))
    .onConflict((oc) => oc.columns(['user_id', 'term']).doNothing())
    .execute();
}
