import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { AuthPlatformDeps } from '../context';

/** Background jobs the auth service's worker role runs. */
export function authJobs(_deps: AuthPlatformDeps): JobDefinition[] {
  return [];
}
