import type { ParsedAlbumRequest } from '@gnology/contracts';
import { badRequest, HttpError, notFound } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import type { AlbumDeps } from '../context';
import {
  ALBUM_RATE_WINDOW_MS,
  duplicatePhotoMessage,
  fairPriority,
  firstDuplicate,
  knownPixels,
  tooManyAlbumsMessage,
  tooManyPixelsMessage,
} from '../domain/limits';
import { enqueueRender } from '../jobs/enqueue';
import { countUnfinishedOwned, deleteAlbumRow, insertAlbum } from '../store/albums-store';
import { hit, release } from '../store/rate-limits';
import type { AlbumRow } from '../store/schema';

export const PHOTO_NOT_FOUND = 'Photo not found';

/**
 * Starts an album. Refused with a 400 when a photo is named twice; every photo must be one of the
 * user's own images (checked with the documents service; anything else is "Photo not found",
 * whether foreign, deleted or not an image); the photos' recorded pixels must fit the album's cap
 * (400); and the user must be within the hourly album limit (429, counted only for albums that
 * pass the checks). Then the album is recorded as queued and its render job enqueued at its place
 * in the user's line (decision 0213). If the enqueue fails the row is removed again, so no album
 * waits for a job that does not exist.
 */
export async function generateAlbum(
  deps: Pick<AlbumDeps, 'database' | 'queue' | 'photos' | 'config'>,
  userId: string,
  request: ParsedAlbumRequest,
  requestId?: string,
): Promise<AlbumRow> {
  const ids = request.photos.map((p) => p.id);
  const duplicate = firstDuplicate(ids);
  if (duplicate) throw badRequest(duplicatePhotoMessage(duplicate));

  const photos = await deps.photos.lookup(userId, ids, requestId);
  const found = new Set(photos.map((p) => p.id));
  if (ids.some((id) => !found.has(id))) throw notFound(PHOTO_NOT_FOUND);
  const pixels = knownPixels(photos);
  if (pixels > deps.config.ALBUM_MAX_TOTAL_PIXELS)
    throw badRequest(tooManyPixelsMessage(pixels, deps.config.ALBUM_MAX_TOTAL_PIXELS));

  const db = deps.database.db;
  const limitKey = `generate:${userId}`;
  const window = await hit(db, limitKey, ALBUM_RATE_WINDOW_MS);
  if (window.count > deps.config.ALBUM_RATE_LIMIT_PER_HOUR) {
    const now = new Date();
    throw new HttpError(429, tooManyAlbumsMessage(deps.config.ALBUM_RATE_LIMIT_PER_HOUR, window.resetAt, now), {
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000)),
    });
  }

  let row: AlbumRow;
  try {
    row = await insertAlbum(db, {
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
  } catch (err) {
    await release(db, limitKey).catch(() => {});
    throw err;
  }
  try {
    const priority = fairPriority(await countUnfinishedOwned(db, userId));
    await enqueueRender(deps.queue, row.id, requestId, priority);
  } catch (err) {
    await deleteAlbumRow(db, row.id);
    await release(db, limitKey).catch(() => {});
    throw err;
  }
  return row;
}
