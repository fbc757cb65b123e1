import type { Conversation, ConversationSummary, Message, SaveMessageBody } from '@gnology/contracts';
import { CONVERSATION_MESSAGE_CREATED, type ConversationMessageCreatedData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { newObjectId } from '@gnology/platform/ids';
import type { Kysely, Selectable } from 'kysely';
import { vocabularyTerms } from '../domain/text';
import { titleFromQuestion } from '../domain/titles';
import type { ConversationDB, ConversationsTable, MessagesTable } from './schema';

type Db = Kysely<ConversationDB>;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toSummary(row: Selectable<ConversationsTable>): ConversationSummary {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    lastActivity: iso(row.last_activity),
    createdAt: iso(row.created_at),
    messageCount: row.message_count,
  };
}

export function toMessage(row: Selectable<MessagesTable>): Message {
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    content: row.content,
    timestamp: iso(row.created_at),
    requestType: row.request_type,
    documents: row.documents ?? null,
    tokens: (row.tokens as Message['tokens']) ?? null,
    tokenBalance: (row.token_balance as Message['tokenBalance']) ?? null,
    cost: row.cost ?? null,
    ...(row.sources?.length ? { sources: row.sources } : {}),
  };
}

/** The user's conversations, most recent activity first. */
export async function listConversations(db: Db, userId: string, limit: number): Promise<ConversationSummary[]> {
  const rows = await db.selectFrom('conversations').selectAll().where('user_id', '=', userId).orderBy('last_activity', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toSummary);
}

/** `titleIsDefault`: the title is a placeholder, to be replaced by the first question. */
export async function createConversation(db: Db, userId: string, title: string, titleIsDefault = false): Promise<ConversationSummary> {
  const id = newObjectId();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('conversations')
      .values({ id, user_id: userId, title, title_is_default: titleIsDefault })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addVocabulary(trx, userId, title);
    return toSummary(row);
  });
}

/** The conversation if it belongs to the user, else undefined (the route answers 404). */
export async function findConversation(db: Db, userId: string, id: string): Promise<Selectable<ConversationsTable> | undefined> {
  return db.selectFrom('conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function getConversation(db: Db, userId: string, id: string): Promise<Conversation | undefined> {
  const row = await findConversation(db, userId, id);
  if (!row) return undefined;
  const messages = await db.selectFrom('messages').selectAll().where('conversation_id', '=', id).orderBy('seq').execute();
  return { ...toSummary(row), messages: messages.map(toMessage), selectedDocuments: row.selected_documents ?? [] };
}

/**
 * Replaces the conversation's document selection with `documentIds` (already checked to be the
 * user's own documents). Returns the stored selection, or undefined when the conversation is not the user's.
 */
export async function setSelectedDocuments(db: Db, userId: string, id: string, documentIds: string[]): Promise<string[] | undefined> {
  const row = await db
    .updateTable('conversations')
    .set({ selected_documents: JSON.stringify([...new Set(documentIds)]) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('selected_documents')
    .executeTakeFirst();
  return row?.selected_documents;
}

export async function renameConversation(db: Db, userId: string, id: string, title: string): Promise<ConversationSummary | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('conversations').set({ title, title_is_default: false }).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
    if (row) await addVocabulary(trx, userId, title);
    return row ? toSummary(row) : undefined;
  });
}

/** Deletes the conversation and (by cascade) its messages. */
export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('conversations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Saves a message, moves the conversation's last activity, titles a default-titled conversation
 * from its first question, records the message's capitalised
 * words in the user's vocabulary and writes `conversation.message.created` — one transaction.
 */
export async function addMessage(
  db: Db,
  userId: string,
  conversationId: string,
  body: SaveMessageBody,
  requestId?: string,
): Promise<Message | undefined> {
  return db.transaction().execute(async (trx) => {
    const conv = await trx
      .updateTable('conversations')
      .set((eb) => ({ last_activity: new Date(), message_count: eb('message_count', '+', 1) }))
      .where('id', '=', conversationId)
      .where('user_id', '=', userId)
      .returning(['id', 'title_is_default'])
      .executeTakeFirst();
    if (!conv) return undefined;
    // The first question names a conversation that still has its default title (issue 13).
    const questionTitle = body.type === 'user' && conv.title_is_default ? titleFromQuestion(body.content) : null;
    if (questionTitle) {
      await trx.updateTable('conversations').set({ title: questionTitle, title_is_default: false }).where('id', '=', conversationId).execute();
    }
    const id = newObjectId();
    const row = await trx
      .insertInto('messages')
      .values({
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await addVocabulary(trx, userId, body.content);
    const message = toMessage(row);
    const data: ConversationMessageCreatedData = {
      conversationId,
      messageId: id,
      userId,
      type: message.type,
      requestType: message.requestType,
      length: message.content.length,
      timestamp: message.timestamp,
    };
    await writeEvent(trx, {
      topic: TOPICS.conversations,
      key: conversationId,
      type: CONVERSATION_MESSAGE_CREATED,
      source: '/services/conversation',
      subject: id,
      data,
      requestId,
    });
    return message;
  });
}

async function addVocabulary(db: Db, userId: string, text: string): Promise<void> {
  const terms = vocabularyTerms(text);
  if (terms.length === 0) return;
  await db
    .insertInto('user_terms')
    .values(terms.map((term) => ({ user_id: userId, term })))
    .onConflict((oc) => oc.columns(['user_id', 'term']).doNothing())
    .execute();
}
