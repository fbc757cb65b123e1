import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { ResearchDeps } from '../app';

/** Background jobs the research service's worker role runs. */
export function researchJobs(_deps: ResearchDeps): JobDefinition[] {
  return [];
}
