import type { ConversationSummary } from '@gnology/contracts';
import { badRequest } from '@gnology/platform/http/errors';
import type { ConversationDeps } from '../context';
import { toSummary } from './present-conversation';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { vocabularyTerms } from '../domain/text';
import { cleanTitle } from '../domain/titles';
import { addUserTerms, setTitle } from '../store/conversations';

/** Renames the user's conversation: a chosen title is never replaced by the first question. */
export async function renameConversation(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
  requestedTitle: string,
): Promise<ConversationSummary> {
  const title = cleanTitle(requestedTitle);
  if (!title) throw badRequest('title must not be blank');
  const owned = conversationId(id);
  const row = await deps.database.db.transaction().execute(async (trx) => {
    const renamed = await setTitle(trx, userId, owned, title);
    if (renamed) await addUserTerms(trx, userId, vocabularyTerms(title));
    return renamed;
  });
  if (!row) throw conversationNotFound();
  return toSummary(row);
}
