import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import type { AlbumDeps } from '../context';
import { deleteOwnedAlbum } from '../store/albums-store';
import { ALBUM_NOT_FOUND } from './read-albums';

/**
 * Deletes the user's album and its PDF. A render still running finds the row gone when it
 * finishes and removes what it stored (see the render job).
 */
export async function deleteAlbum(
  deps: Pick<AlbumDeps, 'database' | 'storage' | 'logger'>,
  userId: string,
  id: string,
): Promise<void> {
  const row = OBJECT_ID.test(id) ? await deleteOwnedAlbum(deps.database.db, id, userId) : undefined;
  if (!row) throw notFound(ALBUM_NOT_FOUND);
  if (row.storage_key) {
    // The row is gone either way; a PDF left behind is unreachable and only costs storage.
    await deps.storage
      .delete(row.storage_key)
      .catch((err) => deps.logger.warn({ err, albumId: id }, 'album PDF not deleted'));
  }
}
