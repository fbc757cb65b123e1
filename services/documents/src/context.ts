import type { ServiceDeps } from '@gnology/platform/runtime';
import type { Kysely } from 'kysely';
import type { DocumentsConfig } from './config';
import type { DocumentsDB } from './store/schema';

/**
 * What the documents service's routes, use cases, jobs and event consumers use: the platform's
 * dependencies over the documents schema. It lives here, not in app.ts, so that nothing the app
 * registers has to import the app back (no import circle through app.ts).
 */
export type DocumentsDeps = ServiceDeps<DocumentsConfig> & { database: { db: Kysely<DocumentsDB> } };

/** Narrows the platform's dependencies to the documents schema (the runtime opens it with the service's migrations). */
export function createDocumentsContext(deps: ServiceDeps<DocumentsConfig>): DocumentsDeps {
  return deps as DocumentsDeps;
}
