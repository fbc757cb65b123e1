import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { AlbumDeps } from '../context';
import { failStaleAlbums } from '../store/albums-store';
import { ALBUMS_QUEUE, RENDER_ALBUM_JOB, type RenderAlbumJob } from './enqueue';
import { createAlbumRenderer } from './render-album';

const SWEEP_EVERY_MS = 5 * 60_000;
export const STALE_ALBUM_MESSAGE = 'The album took too long to generate. Please try again.';

/** Background jobs the album service's worker role runs: one `render-album` job per album. */
export function albumJobs(deps: AlbumDeps, opts: { sweep?: boolean } = {}): JobDefinition[] {
  if (opts.sweep !== false) startStaleSweep(deps);
  return [
    defineJob<RenderAlbumJob>({
      queue: ALBUMS_QUEUE,
      name: RENDER_ALBUM_JOB,
      concurrency: Math.max(1, deps.config.ALBUM_CONCURRENCY),
      handler: createAlbumRenderer(deps),
    }),
  ];
}

/**
 * An album whose job was lost (the queue dropped it, or a worker died on its last recovery) would
 * stay queued or rendering for ever: after ALBUM_STALE_MINUTES without progress it is failed, so
 * the user sees a message and can try again.
 */
export function startStaleSweep(deps: AlbumDeps): void {
  const run = () =>
    failStaleAlbums(deps.database.db, deps.config.ALBUM_STALE_MINUTES, STALE_ALBUM_MESSAGE)
      .then((ids) => ids.length && deps.logger.warn({ ids }, 'stale albums marked failed'))
      .catch((err) => deps.logger.warn({ err }, 'stale-album sweep failed'));
  setTimeout(run, 60_000).unref();
  setInterval(run, SWEEP_EVERY_MS).unref();
}
