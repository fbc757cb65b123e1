import { notFound } from '@gnology/platform/http/errors';
import { ObjectNotFoundError } from '@gnology/platform/storage/types';
import type { DocumentsDeps } from '../../context';
import { getPage } from '../store/documents-store';

/** A stored object's size and its bytes as a stream (never held whole); 404 when the object is gone. */
export async function openStoredFile(deps: Pick<DocumentsDeps, 'storage'>, key: string) {
  let info: Awaited<ReturnType<typeof deps.storage.stat>>;
  try {
    info = await deps.storage.stat(key);
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw notFound('File not found');
    throw e;
  }
  return { size: info.size, body: await deps.storage.get(key) };
}

/** The image of page `n` of a document already known to be the caller's; 404 for a page without one. */
export async function pageImageKey(
  deps: Pick<DocumentsDeps, 'database'>,
  documentId: string,
  n: number,
): Promise<string> {
  if (!Number.isInteger(n) || n < 1) throw notFound('Page not found');
  const page = await getPage(deps.database.db, documentId, n);
  if (!page?.image_key) throw notFound('Page not found');
  return page.image_key;
}
