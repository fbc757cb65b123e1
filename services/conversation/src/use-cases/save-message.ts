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
import { toMessage } from './present-conversation';
import { conversationId, conversationNotFound } from '../domain/not-found';
import { vocabularyTerms } from '../domain/text';
import { titleFromQuestion } from '../domain/titles';
import { addUserTerms, insertMessages, setTitle, touchConversation } from '../store/conversations';

/** Saves one message in the user's conversation (the user's own, or one side of an exchange). */
export async function saveMessage(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
  body: SaveMessageBody,
  requestId?: string,
): Promise<Message> {
  const [message] = await saveMessages(deps, userId, id, [body], requestId);
  return message!;
}

/**
 * Saves messages in the user's conversation, in the order given: one message, or both sides of an
 * exchange from the research service in one call (decision 0245). One transaction: the
 * conversation's count and last activity, its title when the first question names a
 * default-titled one, the messages, the user's vocabulary and a `conversation.message.created` per
 * message — a message is never saved without its event, nor the reverse.
 */
export async function saveMessages(
  deps: Pick<ConversationDeps, 'database'>,
  userId: string,
  id: string,
  bodies: SaveMessageBody[],
  requestId?: string,
): Promise<Message[]> {
  const owned = conversationId(id);
  const messages = await deps.database.db.transaction().execute(async (trx) => {
    const conversation = await touchConversation(trx, userId, owned, bodies.length);
    if (!conversation) return undefined;
    // The first question names a conversation that still has its default title (issue 13).
    const question = bodies.find((b) => b.type === 'user');
    const questionTitle = question && conversation.title_is_default ? titleFromQuestion(question.content) : null;
    if (questionTitle) await setTitle(trx, userId, owned, questionTitle);
    const ids = bodies.map(() => newObjectId());
    const rows = await insertMessages(
      trx,
      bodies.map((body, i) => ({ id: ids[i]!, conversationId: owned, userId, body })),
    );
    // RETURNING does not promise the VALUES order: answer in the order given.
    const byId = new Map(rows.map((r) => [r.id, toMessage(r)]));
    const saved = ids.map((i) => byId.get(i)!);
    await addUserTerms(trx, userId, [...new Set(bodies.flatMap((b) => vocabularyTerms(b.content)))]);
    for (const m of saved) {
      const data: ConversationMessageCreatedData = {
        conversationId: owned,
        messageId: m.id,
        userId,
        type: m.type,
        requestType: m.requestType,
        length: m.content.length,
        timestamp: m.timestamp,
      };
      await writeEvent(trx, {
        topic: TOPICS.conversations,
        key: owned,
        type: CONVERSATION_MESSAGE_CREATED,
        source: '/services/conversation',
        subject: m.id,
        data,
        requestId,
      });
    }
    return saved;
  });
  if (!messages) throw conversationNotFound();
  return messages;
}
