import { OwnedDocumentsResponse } from '@gnology/contracts';
import { internalCall } from '@gnology/platform/http/internal';
import type { ConversationConfig } from '../config';

/** The documents service as the conversation service sees it: which ids are a user's documents. */
export interface DocumentOwnership {
  /** The ids among `ids` that name the user's own documents. */
  owned(userId: string, ids: string[], requestId?: string): Promise<Set<string>>;
}

export function createDocumentOwnership(
  config: Pick<ConversationConfig, 'DOCUMENTS_URL' | 'INTERNAL_TOKEN'>,
): DocumentOwnership {
  return {
    async owned(userId, ids, requestId) {
      if (ids.length === 0) return new Set();
      const res = await internalCall<unknown>(config.DOCUMENTS_URL, '/internal/documents/owned', {
        secret: config.INTERNAL_TOKEN,
        requestId,
        body: { userId, ids },
      });
      // Only what was asked for, whatever the answer holds.
      const wanted = new Set(ids);
      return new Set(OwnedDocumentsResponse.parse(res).ids.filter((id) => wanted.has(id)));
    },
  };
}
