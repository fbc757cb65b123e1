import type { AlbumDeps } from '../context';
import { getAlbumById } from '../store/albums-store';
import type { AlbumRow } from '../store/schema';

const POLL_MS = 300;

/**
 * Waits until the album's render has finished (completed or failed), reading its row: the job may
 * run on any worker process, and the row is the one thing they all write. Resolves with the last
 * row seen when `timeoutMs` passes or `signal` aborts (the caller looks at its status).
 */
export async function waitForAlbum(
  deps: Pick<AlbumDeps, 'database'>,
  id: string,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<AlbumRow | undefined> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const row = await getAlbumById(deps.database.db, id);
    if (!row || row.status === 'completed' || row.status === 'failed') return row;
    if (Date.now() >= deadline || opts.signal?.aborted) return row;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
