import type { ConversationDeps } from '../context';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { deleteConversation as deleteOwnedConversation } from '../store/conversations';

/** Deletes the user's conversation and its messages, or 404 when it is not theirs. */
export async function deleteConversation(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
): Promise<void> {
  if (!(await deleteOwnedConversation(deps.database.db, userId, conversationId(id)))) throw conversationNotFound();
}
