import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { AlbumDeps } from '../context';
import { ALBUMS_QUEUE, RENDER_ALBUM_JOB, type RenderAlbumJob } from './enqueue';
import { createAlbumRenderer } from './render-album';
import { startSweepTimer, sweepJob } from './sweep';

/**
 * Background jobs the album service's worker role runs: one `render-album` job per album, and the
 * stale-album sweep (`sweep: false` leaves out its timer, for tests that run their own workers).
 */
export function albumJobs(deps: AlbumDeps, opts: { sweep?: boolean } = {}): JobDefinition[] {
  if (opts.sweep !== false) startSweepTimer(deps);
  return [
    defineJob<RenderAlbumJob>({
      queue: ALBUMS_QUEUE,
      name: RENDER_ALBUM_JOB,
      concurrency: Math.max(1, deps.config.ALBUM_CONCURRENCY),
      handler: createAlbumRenderer(deps),
    }),
    sweepJob(deps),
  ];
}
