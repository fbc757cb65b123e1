import type { AlbumDeps } from '../context';
import { failStaleAlbums } from '../store/albums-store';

export const STALE_ALBUM_MESSAGE = 'The album took too long to generate. Please try again.';

/**
 * An album whose job was lost (the queue dropped it, or a worker died on its last recovery) would
 * stay queued or rendering for ever: after ALBUM_STALE_MINUTES without progress it is failed, so
 * the user sees a message and can try again. Returns the ids it failed.
 */
export async function sweepStaleAlbums(deps: Pick<AlbumDeps, 'database' | 'config' | 'logger'>): Promise<string[]> {
  const ids = await failStaleAlbums(deps.database.db, deps.config.ALBUM_STALE_MINUTES, STALE_ALBUM_MESSAGE);
  if (ids.length > 0) deps.logger.warn({ ids }, 'stale albums marked failed');
  return ids;
}
