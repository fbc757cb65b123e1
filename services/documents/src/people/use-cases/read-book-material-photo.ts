import type { Readable } from 'node:stream';
import { notFound } from '@gnology/platform/http/errors';
import { OBJECT_ID } from '@gnology/platform/ids';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import sharp from 'sharp';
import type { DocumentsDeps } from '../../context';
import { BOOK_PHOTO_MAX_SIDE } from '../domain/book-material/photos';
import { ownedImages } from '../../photos/store/photo-lookup';

/**
 * One of the user's gallery photos for the book: turned upright (EXIF), at most 1600 px on its
 * longer side (never enlarged), as a JPEG on white (a PNG's transparency would print black). 404
 * for another user's photo, a document that is not an image, or a missing object.
 */
export async function readBookPhoto(
  deps: Pick<DocumentsDeps, 'database' | 'storage'>,
  userId: string,
  id: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  if (!OBJECT_ID.test(id)) throw notFound('Photo not found');
  const [row] = await ownedImages(deps.database.db, userId, [id]);
  if (!row) throw notFound('Photo not found');
  let original: Buffer;
  try {
    original = await streamBytes(await deps.storage.get(row.storage_key));
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw notFound('Photo not found');
    throw e;
  }
  const { data, info } = await sharp(original)
    .rotate()
    .resize({ width: BOOK_PHOTO_MAX_SIDE, height: BOOK_PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function streamBytes(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
