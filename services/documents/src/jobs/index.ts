import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../app';

/** Background jobs the documents service's worker role runs. */
export function documentsJobs(_deps: DocumentsDeps): JobDefinition[] {
  return [];
}
