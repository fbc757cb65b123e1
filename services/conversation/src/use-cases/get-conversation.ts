import type { Conversation } from '@gnology/contracts';
import type { ConversationDeps } from '../context';
import { toMessage, toSummary } from './present-conversation';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { findConversation, listMessageRows } from '../store/conversations';

/**
 * The user's conversation with its messages in order and its document selection, or 404
 * (another user's conversation is not found either). The research service reads it the same way.
 */
export async function getConversation(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
): Promise<Conversation> {
  const db = deps.database.db;
  const owned = conversationId(id);
  // Both at once (one round trip less: issue 20); the messages are answered only if the conversation is the user's.
  const [row, messages] = await Promise.all([findConversation(db, userId, owned), listMessageRows(db, owned)]);
  if (!row) throw conversationNotFound();
  return { ...toSummary(row), messages: messages.map(toMessage), selectedDocuments: row.selected_documents ?? [] };
}
