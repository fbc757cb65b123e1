import {
  CONVERSATION_MESSAGE_CREATED,
  type ConversationMessageCreatedData,
  type Message,
  type SaveMessageBody,
} from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { newObjectId } from '@gnology/platform/ids';
import type { ConversationDeps } from '../context';
import { toMessage } from '../domain/conversation-record';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { vocabularyTerms } from '../domain/text';
import { titleFromQuestion } from '../domain/titles';
import { addUserTerms, insertMessage, setTitle, touchConversation } from '../store/conversations';

/**
 * Saves a message in the user's conversation (the user's own, or both sides of an exchange from
 * the research service). One transaction: the conversation's count and last activity, its title
 * when the first question names a default-titled one, the message, the user's vocabulary and
 * `conversation.message.created` — a message is never saved without its event, nor the reverse.
 */
export async function saveMessage(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
  body: SaveMessageBody,
  requestId?: string,
): Promise<Message> {
  const owned = conversationId(id);
  const message = await deps.database.db.transaction().execute(async (trx) => {
    const conversation = await touchConversation(trx, userId, owned);
    if (!conversation) return undefined;
    // The first question names a conversation that still has its default title (issue 13).
    const questionTitle =
      body.type === 'user' && conversation.title_is_default ? titleFromQuestion(body.content) : null;
    if (questionTitle) await setTitle(trx, userId, owned, questionTitle);
    const saved = toMessage(await insertMessage(trx, { id: newObjectId(), conversationId: owned, userId, body }));
    await addUserTerms(trx, userId, vocabularyTerms(body.content));
    const data: ConversationMessageCreatedData = {
      conversationId: owned,
      messageId: saved.id,
      userId,
      type: saved.type,
      requestType: saved.requestType,
      length: saved.content.length,
      timestamp: saved.timestamp,
    };
    await writeEvent(trx, {
      topic: TOPICS.conversations,
      key: owned,
      type: CONVERSATION_MESSAGE_CREATED,
      source: '/services/conversation',
      subject: saved.id,
      data,
      requestId,
    });
    return saved;
  });
  if (!message) throw conversationNotFound();
  return message;
}
