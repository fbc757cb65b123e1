import type { DocumentEntities, DocumentProcessingStep, OcrLanguage, PersonTag } from '@gnology/contracts';
import { type Kysely, sql } from 'kysely';
import { EXTRACTOR_VERSION } from '@gnology/genealogy/extraction';
import type { ParsedPage } from '../domain/parsed-page';
import type { DocumentRow, DocumentsDB, NewDocumentRow, PageRow, TaskRow } from '../../store/schema';

export type DocumentsDb = Kysely<DocumentsDB>;
// The user's tag edits are the server's own bookkeeping (decision 0217): lists never read them.
export type ListedDocument = Omit<DocumentRow, 'extracted_text' | 'tag_edits'> & {
  task_step: TaskRow['step'] | null;
  task_error: string | null;
};

// Everything but the text, which can be megabytes: lists never need it.
const LIST_COLUMNS = [
  'd.id',
  'd.owner_id',
  'd.original_name',
  'd.filename',
  'd.mimetype',
  'd.kind',
  'd.document_type',
  'd.size',
  'd.storage_key',
  'd.uploaded_at',
  'd.processing_status',
  'd.processed_at',
  'd.text_length',
  'd.people_identified',
  'd.date_info',
  'd.geographical_info',
  'd.occupations',
  'd.tags',
  'd.page_count',
  'd.ocr_pages',
  'd.thumbnail_key',
  'd.extraction_method',
  'd.extraction_note',
  'd.journal',
  'd.ocr_languages',
  'd.reprocess_count',
  'd.extractor_version',
  'd.person_details',
] as const;

/**
 * Inserts an uploaded document and its pending task, in the caller's transaction (the use case
 * writes `document.uploaded` in it: use-cases/record-upload.ts).
 */
export async function insertDocumentRows(trx: DocumentsDb, row: NewDocumentRow & { uploaded_at: Date }): Promise<void> {
  await trx.insertInto('documents').values(row).execute();
  await trx
    .insertInto('processing_tasks')
    .values({ document_id: row.id, status: 'pending', step: JSON.stringify({ step: 'queued' }) })
    .execute();
}

function listQuery(db: DocumentsDb) {
  return db
    .selectFrom('documents as d')
    .leftJoin('processing_tasks as t', 't.document_id', 'd.id')
    .select([...LIST_COLUMNS, 't.step as task_step', 't.error as task_error']);
}

export async function listDocuments(db: DocumentsDb, ownerId: string): Promise<ListedDocument[]> {
  return listQuery(db)
    .where('d.owner_id', '=', ownerId)
    .orderBy('d.uploaded_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

export async function listDocumentsWhere(
  db: DocumentsDb,
  ownerId: string,
  filter: { status?: 'completed'; kinds?: string[] },
): Promise<ListedDocument[]> {
  let q = listQuery(db).where('d.owner_id', '=', ownerId);
  if (filter.status) q = q.where('d.processing_status', '=', filter.status);
  if (filter.kinds) q = q.where('d.kind', 'in', filter.kinds);
  return q.orderBy('d.uploaded_at', 'desc').orderBy('d.id', 'desc').execute();
}

/** The document when it exists and belongs to `ownerId` (anything else is "not found"). */
export async function getOwnedDocument(
  db: DocumentsDb,
  id: string,
  ownerId: string,
): Promise<ListedDocument | undefined> {
  return listQuery(db).where('d.id', '=', id).where('d.owner_id', '=', ownerId).executeTakeFirst();
}

export async function getDocumentText(db: DocumentsDb, id: string): Promise<string> {
  const row = await db.selectFrom('documents').select('extracted_text').where('id', '=', id).executeTakeFirst();
  return row?.extracted_text ?? '';
}

export async function getDocumentById(db: DocumentsDb, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page as the document record shows it: its image, and how sure OCR was of it. */
export type PageSummaryRow = Pick<
  PageRow,
  'page_number' | 'width' | 'height' | 'image_key' | 'ocr' | 'confidence' | 'transcribed_by' | 'handwriting_note'
>;

export async function listPages(db: DocumentsDb, documentId: string): Promise<PageSummaryRow[]> {
  return db
    .selectFrom('document_pages')
    .select(['page_number', 'width', 'height', 'image_key', 'ocr', 'confidence', 'transcribed_by', 'handwriting_note'])
    .where('document_id', '=', documentId)
    .orderBy('page_number')
    .execute();
}

export async function getPage(db: DocumentsDb, documentId: string, pageNumber: number) {
  return db
    .selectFrom('document_pages')
    .select(['image_key'])
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
}

/**
 * Saves the people list the user edited. The record roles and titles extraction read stay for the
 * names still listed (compared without case) and go with the names removed.
 */
export async function updatePeople(
  db: DocumentsDb,
  id: string,
  ownerId: string,
  people: PersonTag[],
): Promise<boolean> {
  const names = JSON.stringify([...new Set(people.map((p) => p.name.toLowerCase()))]);
  const res = await db
    .updateTable('documents')
    .set({
      people_identified: JSON.stringify(people),
      person_details: sql<string>`(
        select coalesce(jsonb_agg(d order by n), '[]'::jsonb)
        from jsonb_array_elements(documents.person_details) with ordinality as e(d, n)
        where lower(d->>'name') in (select jsonb_array_elements_text(${names}::jsonb))
      )`,
    })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Deletes the user's record (pages and task cascade), in the caller's transaction; returns what was deleted. */
export async function deleteOwnedDocumentRow(trx: DocumentsDb, id: string, ownerId: string) {
  return trx
    .deleteFrom('documents')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(['id', 'owner_id', 'storage_key', 'kind', 'reprocess_count'])
    .executeTakeFirst();
}

/** Completed documents of one user among `ids`, with their text, in the order asked. */
export async function contextDocuments(db: DocumentsDb, ownerId: string, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('processing_status', '=', 'completed')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].map((id) => byId.get(id)).filter((r): r is DocumentRow => r !== undefined);
}

export type ReprocessStart =
  | { status: 'started'; kind: string; size: number; reprocessCount: number }
  | { status: 'busy' }
  | { status: 'missing' };

/**
 * "Read again" (issue 14): a finished document (completed or failed) goes back to pending, with
 * new languages when given, its task reset to queued, and one more run counted (its job id). The
 * status change is guarded in the same statement, so two clicks cannot both start a run; a
 * document still pending or processing is `busy`, another user's (or none) is `missing`. The old
 * pages stay until the new run replaces them.
 */
export async function startReprocessing(
  db: DocumentsDb,
  id: string,
  ownerId: string,
  languages?: readonly OcrLanguage[],
): Promise<ReprocessStart> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('documents')
      .set({
        processing_status: 'pending',
        reprocess_count: sql`reprocess_count + 1`,
        ...(languages ? { ocr_languages: JSON.stringify(languages) } : {}),
      })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('processing_status', 'in', ['completed', 'failed'])
      .returning(['kind', 'size', 'reprocess_count'])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom('documents')
        .select('id')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return exists ? { status: 'busy' } : { status: 'missing' };
    }
    const task = {
      status: 'pending',
      step: JSON.stringify({ step: 'queued' }),
      attempts: 0,
      error: null,
      started_at: null,
      finished_at: null,
      updated_at: sql<Date>`now()`,
    };
    await trx
      .insertInto('processing_tasks')
      .values({ document_id: id, ...task })
      .onConflict((oc) => oc.column('document_id').doUpdateSet(task))
      .execute();
    return { status: 'started', kind: row.kind, size: Number(row.size), reprocessCount: row.reprocess_count };
  });
}

// ——— processing (worker role) ———

/**
 * Starts a run: the document is "processing" and the task counts one more run. Runs are counted
 * here, not taken from the queue: a job recovered from a dead worker runs again under the same
 * queue attempt number. Returns the run number.
 */
export async function startProcessing(db: DocumentsDb, id: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('documents')
      .set({ processing_status: 'processing' })
      .where('id', '=', id)
      .where('processing_status', 'in', ['pending', 'processing'])
      .execute();
    const row = await trx
      .updateTable('processing_tasks')
      .set({
        status: 'processing',
        attempts: sql`attempts + 1`,
        step: sql`jsonb_build_object('step', 'reading', 'attempt', attempts + 1)`,
        started_at: sql`coalesce(started_at, now())`,
        updated_at: sql`now()`,
      })
      .where('document_id', '=', id)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 1;
  });
}

export async function saveStep(db: DocumentsDb, id: string, step: DocumentProcessingStep): Promise<void> {
  await db
    .updateTable('processing_tasks')
    .set({ step: JSON.stringify(step), updated_at: sql`now()` })
    .where('document_id', '=', id)
    .execute();
}

/** Records a failed try that will be retried; the document stays "processing". */
export async function saveAttemptError(db: DocumentsDb, id: string, error: string): Promise<void> {
  await db
    .updateTable('processing_tasks')
    .set({ error, updated_at: sql`now()` })
    .where('document_id', '=', id)
    .execute();
}

/** A parsed page (jobs/parsers/types.ts) and the document it belongs to. */
export type PageToSave = ParsedPage & { documentId: string };

/** Writes a page, replacing what an earlier run (a retry, or "Read again") stored for it. */
export async function upsertPage(db: DocumentsDb, page: PageToSave) {
  const values = {
    text: page.text,
    ocr: page.ocr,
    image_key: page.imageKey,
    width: page.width,
    height: page.height,
    confidence: page.confidence,
    rotation: page.rotation,
    skew: page.skew,
    words: JSON.stringify(page.words),
  };
  await db
    .insertInto('document_pages')
    .values({ document_id: page.documentId, page_number: page.pageNumber, ...values })
    .onConflict((oc) => oc.columns(['document_id', 'page_number']).doUpdateSet(values))
    .execute();
}

/** Pages beyond `pageCount` left by an earlier run of a different parser version. */
export async function trimPages(db: DocumentsDb, documentId: string, pageCount: number) {
  await db
    .deleteFrom('document_pages')
    .where('document_id', '=', documentId)
    .where('page_number', '>', pageCount)
    .execute();
}

export interface ProcessingResult {
  text: string;
  pageCount: number;
  ocrPages: number;
  thumbnailKey: string | null;
  entities: DocumentEntities;
  extractionMethod: 'rules' | 'llm';
  /** Why the configured model did not read the document; null when it did or none is configured. */
  extractionNote?: string | null;
}

/**
 * Marks the document and its task completed, in the caller's transaction, once: the status change
 * is guarded (not already completed). Returns undefined when nothing changed.
 */
export async function markCompleted(trx: DocumentsDb, id: string, r: ProcessingResult) {
  const row = await trx
    .updateTable('documents')
    .set({
      processing_status: 'completed',
      processed_at: sql`now()`,
      extracted_text: r.text,
      text_length: r.text.length,
      page_count: r.pageCount,
      ocr_pages: r.ocrPages,
      thumbnail_key: r.thumbnailKey,
      document_type: r.entities.documentType,
      people_identified: JSON.stringify(r.entities.peopleIdentified),
      person_details: JSON.stringify(r.entities.personDetails ?? []),
      date_info: JSON.stringify(r.entities.dateInfo),
      geographical_info: JSON.stringify(r.entities.geographicalInfo),
      occupations: JSON.stringify(r.entities.occupations),
      tags: JSON.stringify(r.entities.tags),
      extraction_method: r.extractionMethod,
      extraction_note: r.extractionNote ?? null,
      // Read by today's rules: the re-extraction job (jobs/reextract.ts) has nothing to redo.
      extractor_version: EXTRACTOR_VERSION,
    })
    .where('id', '=', id)
    .where('processing_status', '!=', 'completed')
    .returning(['owner_id', 'mimetype', 'processed_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('processing_tasks')
    .set({
      status: 'completed',
      step: JSON.stringify({ step: 'done' }),
      error: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('document_id', '=', id)
    .execute();
  return row;
}

/** Marks the document and its task failed with a readable error, in the caller's transaction, once; undefined when nothing changed. */
export async function markFailed(trx: DocumentsDb, id: string, error: string) {
  const row = await trx
    .updateTable('documents')
    .set({ processing_status: 'failed' })
    .where('id', '=', id)
    .where('processing_status', 'in', ['pending', 'processing'])
    .returning(['owner_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  await trx
    .updateTable('processing_tasks')
    .set({
      status: 'failed',
      step: JSON.stringify({ step: 'failed' }),
      error,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('document_id', '=', id)
    .execute();
  return row;
}
