import { z } from 'zod';

/** `conversation.message.created` on gnology.conversations.v1, keyed by conversation id. */
export const CONVERSATION_MESSAGE_CREATED = 'conversation.message.created';

export const ConversationMessageCreatedData = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  userId: z.string(),
  type: z.enum(['user', 'assistant']),
  requestType: z.enum(['regular', 'chapter', 'book']),
  length: z.number().int(),
  timestamp: z.string(),
});
export type ConversationMessageCreatedData = z.infer<typeof ConversationMessageCreatedData>;
