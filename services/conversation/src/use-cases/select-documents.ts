import type { ConversationDeps } from '../context';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { findConversation, setSelectedDocuments } from '../store/conversations';

/**
 * Replaces the documents selected for the user's conversation (issue 13). Only the user's own
 * documents are kept, as the documents service answers; the order chosen is kept, repeats once.
 */
export async function selectDocuments(
  deps: Pick<ConversationDeps, 'database' | 'documents'>,
  userId: string,
  id: string,
  documentIds: string[],
  requestId?: string,
): Promise<string[]> {
  const db = deps.database.db;
  const owned = conversationId(id);
  // Checked before asking the documents service: someone else's conversation costs no call.
  if (!(await findConversation(db, userId, owned))) throw conversationNotFound();
  const mine = await deps.documents.owned(userId, documentIds, requestId);
  const stored = await setSelectedDocuments(db, userId, owned, [...new Set(documentIds.filter((d) => mine.has(d)))]);
  if (!stored) throw conversationNotFound();
  return stored;
}
