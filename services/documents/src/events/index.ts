import type { SubscribeOptions } from '@gnology/platform/events/types';
import { TOPICS } from '@gnology/platform/events/topics';
import type { DocumentsDeps } from '../context';
import { onDocumentEvent } from '../people/events/people-index';

/** Event consumers of the documents service (consumer groups on the bus); they run on the worker role. */
export function documentsConsumers(deps: DocumentsDeps): SubscribeOptions[] {
  return [
    {
      // The people index follows the service's own events (issue 16, decision 0185).
      group: 'documents.people-index',
      topics: [TOPICS.documents],
      handler: async (event) => {
        await onDocumentEvent(deps, event);
      },
    },
  ];
}
