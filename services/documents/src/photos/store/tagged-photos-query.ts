import type { PersonTag } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from '../../library/store/documents-store';

/** The user's documents with at least one tag naming a face, with their people lists. */
export async function listTaggedPhotoPeople(
  db: DocumentsDb,
  ownerId: string,
): Promise<{ id: string; people: PersonTag[] }[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'people_identified'])
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`jsonb_path_exists(people_identified, '$[*] ? (exists(@.faceId))')`)
    .execute();
  return rows.map((r) => ({ id: r.id, people: r.people_identified }));
}
