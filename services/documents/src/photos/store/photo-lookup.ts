import type { Kysely } from 'kysely';
import type { DocumentsDB } from '../../store/schema';

/** Upload kinds that are photos an album can print. */
const IMAGE_KINDS = ['jpeg', 'png'];

/**
 * The user's own image documents among `ids` (for the album service), with the pixel size the
 * processing recorded when it has run. Unknown, foreign, deleted and non-image ids are absent.
 */
export async function ownedImages(db: Kysely<DocumentsDB>, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documents as d')
    .leftJoin('document_pages as p', (j) => j.onRef('p.document_id', '=', 'd.id').on('p.page_number', '=', 1))
    .select([
      'd.id',
      'd.owner_id',
      'd.original_name',
      'd.mimetype',
      'd.size',
      'd.storage_key',
      'd.people_identified',
      'd.date_info',
      'd.geographical_info',
      'd.tags',
      'p.width',
      'p.height',
    ])
    .where('d.owner_id', '=', ownerId)
    .where('d.id', 'in', [...new Set(ids)])
    .where('d.kind', 'in', IMAGE_KINDS)
    .execute();
}

export type OwnedImage = Awaited<ReturnType<typeof ownedImages>>[number];
