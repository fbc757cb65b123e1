import type { Conversation } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import type { ConversationDeps } from '../context';
import { toSummary } from './present-conversation';
import { vocabularyTerms } from '../domain/text';
import { cleanTitle, defaultTitle, isPlaceholderTitle } from '../domain/titles';
import { addUserTerms, insertConversation } from '../store/conversations';

/**
 * A new, empty conversation. Without a title (or with a placeholder one) it gets the default
 * title and the first question names it later; the title's words join the user's vocabulary.
 */
export async function createConversation(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  requestedTitle: string | undefined,
): Promise<Conversation> {
  const given = cleanTitle(requestedTitle);
  const title = given ?? defaultTitle();
  const titleIsDefault = given === null || isPlaceholderTitle(given);
  const row = await deps.database.db.transaction().execute(async (trx) => {
    const created = await insertConversation(trx, { id: newObjectId(), userId, title, titleIsDefault });
    await addUserTerms(trx, userId, vocabularyTerms(title));
    return created;
  });
  return { ...toSummary(row), messages: [], selectedDocuments: [] };
}
