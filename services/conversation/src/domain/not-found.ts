import { ObjectId } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';

/** One answer for "not yours" and "not there": the API does not tell them apart. */
export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export const conversationNotFound = () => notFound(CONVERSATION_NOT_FOUND);

/** A malformed id cannot name any conversation: answer as for someone else's (404). */
export function conversationId(id: string): string {
  if (!ObjectId.safeParse(id).success) throw conversationNotFound();
  return id;
}
