import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { DocumentsDeps } from '../app';

/** Event consumers of the documents service (consumer groups on the bus). */
export function documentsConsumers(_deps: DocumentsDeps): SubscribeOptions[] {
  return [];
}
