import type { JobQueue } from '@gnology/platform/jobs/types';

export const ALBUMS_QUEUE = 'albums';
export const RENDER_ALBUM_JOB = 'render-album';
export const RENDER_ATTEMPTS = 3;
export const RENDER_BACKOFF_MS = 3_000;

export interface RenderAlbumJob {
  albumId: string;
}

/** One job per album: the job id is the album id, so enqueueing twice is harmless. */
export function enqueueRender(queue: JobQueue, albumId: string, requestId?: string): Promise<string> {
  return queue.enqueue<RenderAlbumJob>(
    ALBUMS_QUEUE,
    RENDER_ALBUM_JOB,
    { albumId },
    {
      jobId: `album-${albumId}`,
      attempts: RENDER_ATTEMPTS,
      backoffMs: RENDER_BACKOFF_MS,
      requestId,
    },
  );
}
