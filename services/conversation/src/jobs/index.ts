import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { ConversationDeps } from '../context';

/** Background jobs the conversation service's worker role runs. */
export function conversationJobs(_deps: ConversationDeps): JobDefinition[] {
  return [];
}
