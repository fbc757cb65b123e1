import type { ConversationSummary } from '@gnology/contracts';
import type { ConversationDeps } from '../context';
import { toSummary } from './present-conversation';
import { listConversationRows } from '../store/conversations';

/** The user's conversations, most recent activity first. */
export async function listConversations(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  limit: number,
): Promise<ConversationSummary[]> {
  return (await listConversationRows(deps.database.db, userId, limit)).map(toSummary);
}
