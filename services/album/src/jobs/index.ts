import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { AlbumDeps } from '../app';

/** Background jobs the album service's worker role runs. */
export function albumJobs(_deps: AlbumDeps): JobDefinition[] {
  return [];
}
