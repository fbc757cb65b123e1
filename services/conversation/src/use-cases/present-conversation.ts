import type { ConversationSummary, Message } from '@gnology/contracts';
import type { Selectable } from 'kysely';
import type { ConversationsTable, MessagesTable } from '../store/schema';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The API's view of a conversation row (both `_id` and `id`, for clients that read either). */
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

/** The API's view of a message row; `sources` only when the answer was built from documents. */
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
