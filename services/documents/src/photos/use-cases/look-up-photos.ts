import type { PhotoLookupResponse } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import type { DocumentsDeps } from '../../context';
import type { DocumentsDb } from '../../library/store/documents-store';
import { ownedImages } from '../store/photo-lookup';

/** The user's photos among `ids`, with what an album shows of them (decision 0051). */
export async function lookUpPhotos(
  deps: Pick<DocumentsDeps, 'database'>,
  userId: string,
  ids: string[],
): Promise<PhotoLookupResponse> {
  const db: DocumentsDb = deps.database.db;
  const rows = await ownedImages(db, userId, ids);
  return {
    photos: rows.map((r) => ({
      id: r.id,
      originalName: r.original_name,
      mimetype: r.mimetype,
      size: Number(r.size),
      width: r.width,
      height: r.height,
      peopleIdentified: r.people_identified,
      dateInfo: r.date_info,
      geographicalInfo: r.geographical_info,
      tags: r.tags,
    })),
  };
}

/** A user's photo's original bytes as a stream, with its type and size; 404 for another user's or a missing object. */
export async function openPhotoOriginal(deps: Pick<DocumentsDeps, 'database' | 'storage'>, userId: string, id: string) {
  if (!OBJECT_ID.test(id)) throw notFound('Photo not found');
  const [row] = await ownedImages(deps.database.db, userId, [id]);
  if (!row) throw notFound('Photo not found');
  try {
    const info = await deps.storage.stat(row.storage_key);
    return { mimetype: row.mimetype, size: info.size, body: await deps.storage.get(row.storage_key) };
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw notFound('Photo not found');
    throw e;
  }
}
