import type { ParsedAlbumRequest } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import type { AlbumDeps } from '../context';
import { enqueueRender } from '../jobs/enqueue';
import { deleteAlbumRow, insertAlbum } from '../store/albums-store';
import type { AlbumRow } from '../store/schema';

export const PHOTO_NOT_FOUND = 'Photo not found';

/**
 * Starts an album: every photo must be one of the user's own images (checked with the documents
 * service; anything else is "Photo not found", whether foreign, deleted or not an image), then the
 * album is recorded as queued and its render job enqueued. If the enqueue fails the row is removed
 * again, so no album waits for a job that does not exist.
 */
export async function generateAlbum(
  deps: Pick<AlbumDeps, 'database' | 'queue' | 'photos'>,
  userId: string,
  request: ParsedAlbumRequest,
  requestId?: string,
): Promise<AlbumRow> {
  const ids = request.photos.map((p) => p.id);
  const found = new Set((await deps.photos.lookup(userId, ids, requestId)).map((p) => p.id));
  if (ids.some((id) => !found.has(id))) throw notFound(PHOTO_NOT_FOUND);

  const row = await insertAlbum(deps.database.db, {
    id: newObjectId(),
    owner_id: userId,
    title: request.title || 'My Family Photo Album',
    description: request.description,
    style: request.style,
    include_metadata: request.includeMetadata,
    photos: JSON.stringify(request.photos),
    progress_total: request.photos.length,
    page_count: null,
    size: null,
    storage_key: null,
    error: null,
    completed_at: null,
  });
  try {
    await enqueueRender(deps.queue, row.id, requestId);
  } catch (err) {
    await deleteAlbumRow(deps.database.db, row.id);
    throw err;
  }
  return row;
}
