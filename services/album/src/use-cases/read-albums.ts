import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import type { Readable } from 'node:stream';
import type { AlbumDeps } from '../context';
import { getOwnedAlbum, listOwnedAlbums } from '../store/albums-store';
import type { AlbumRow } from '../store/schema';

export const ALBUM_NOT_FOUND = 'Album not found';

/** The user's album, or 404 (another user's album is not found either). */
export async function getAlbum(deps: Pick<AlbumDeps, 'database'>, userId: string, id: string): Promise<AlbumRow> {
  const row = OBJECT_ID.test(id) ? await getOwnedAlbum(deps.database.db, id, userId) : undefined;
  if (!row) throw notFound(ALBUM_NOT_FOUND);
  return row;
}

export function listAlbums(deps: Pick<AlbumDeps, 'database'>, userId: string): Promise<AlbumRow[]> {
  return listOwnedAlbums(deps.database.db, userId);
}

/** The finished PDF of the user's album: 404 when it is not theirs, not finished, or gone. */
export async function openAlbumPdf(
  deps: Pick<AlbumDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
): Promise<{ album: AlbumRow; size: number; body: Readable }> {
  const album = await getAlbum(deps, userId, id);
  if (album.status !== 'completed' || !album.storage_key) throw notFound('This album has no PDF yet');
  try {
    const info = await deps.storage.stat(album.storage_key);
    return { album, size: info.size, body: await deps.storage.get(album.storage_key) };
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw notFound('This album has no PDF yet');
    throw e;
  }
}
