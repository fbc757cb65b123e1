import type { DocumentsDb } from './documents-store';

/** Whether the document's row still exists (a reading looks every second: deletion cancels it). */
export async function documentExists(db: DocumentsDb, id: string): Promise<boolean> {
  return (await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
