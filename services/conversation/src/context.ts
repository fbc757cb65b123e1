import type { Database } from '@gnology/platform/db/database';
import type { ServiceDeps } from '@gnology/platform/runtime';
import { createDocumentOwnership, type DocumentOwnership } from './clients/documents';
import type { ConversationConfig } from './config';
import type { ConversationDB } from './store/schema';

/**
 * What the conversation service's routes, use cases, jobs and consumers use: the platform's
 * dependencies over the conversation schema, plus the documents service seen as the judge of
 * which document ids are a user's own.
 */
export type ConversationDeps = Omit<ServiceDeps<ConversationConfig>, 'database'> & {
  database: Database<ConversationDB>;
  documents: DocumentOwnership;
};

/**
 * Adds the conversation service's own pieces to the platform's dependencies. A context passed
 * again keeps its documents client; tests may pass their own.
 */
export function createConversationContext(
  deps: ServiceDeps<ConversationConfig> | ConversationDeps,
  documents?: DocumentOwnership,
): ConversationDeps {
  const own = documents ?? ('documents' in deps ? deps.documents : createDocumentOwnership(deps.config));
  return { ...deps, database: deps.database as Database<ConversationDB>, documents: own };
}
