import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { AuthDeps } from '../app';

/** Background jobs the auth service's worker role runs. */
export function authJobs(_deps: AuthDeps): JobDefinition[] {
  return [];
}
