import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { ConversationDeps } from '../context';

/** Event consumers of the conversation service (consumer groups on the bus). */
export function conversationConsumers(_deps: ConversationDeps): SubscribeOptions[] {
  return [];
}
