import type { JobQueue } from '@gnology/platform/jobs/types';

export const ALBUMS_QUEUE = 'albums';
export const RENDER_ALBUM_JOB = 'render-album';
export const RENDER_ATTEMPTS = 3;
export const RENDER_BACKOFF_MS = 3_000;

export interface RenderAlbumJob {
  albumId: string;
}

/**
 * One job per album: the job id is the album id, so enqueueing twice is harmless. `priority` is
 * the album's place in its owner's line (domain/limits.ts fairPriority): albums are taken round
 * the users rather than first come, first served (decision 0213).
 */
export function enqueueRender(queue: JobQueue, albumId: string, requestId?: string, priority = 1): Promise<string> {
  return queue.enqueue<RenderAlbumJob>(
    ALBUMS_QUEUE,
    RENDER_ALBUM_JOB,
    { albumId },
    {
      jobId: `album-${albumId}`,
      attempts: RENDER_ATTEMPTS,
      backoffMs: RENDER_BACKOFF_MS,
      requestId,
      priority,
    },
  );
}
