import type { DocumentEventData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { documentEvent } from '../domain/document-events';
import type { DocumentsDeps } from '../../context';
import type { DocumentsDb } from '../store/documents-store';
import { lockCompletedBatch } from '../store/replay-events';

type Processed = DocumentEventData<'document.processed'>;

export interface ReplayOptions {
  /** Only this owner's documents; undefined: every owner's. */
  ownerId?: string;
  /** Carried as the events' `requestid`, so consumers and logs can tell a replay run. */
  replayId: string;
  /** Documents per transaction. Default 200. */
  batchSize?: number;
}

/**
 * Writes a `document.processed` with the current state (text size, entities as they now stand,
 * user edits included) of every completed document into the outbox, which the relay publishes
 * like any other event: same topic, key, order and at-least-once delivery. Pending documents
 * will announce themselves when processed; failed and deleted ones have no reading to replay.
 *
 * Each batch locks its rows in the transaction its events are written in, so the latest event of
 * a document stays its current state. Returns the number of events written.
 */
export async function replayProcessedEvents(
  deps: Pick<DocumentsDeps, 'database'>,
  opts: ReplayOptions,
): Promise<number> {
  const db: DocumentsDb = deps.database.db;
  const batchSize = opts.batchSize ?? 200;
  let after = '';
  let total = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const rows = await lockCompletedBatch(trx, { after, limit: batchSize, ownerId: opts.ownerId });
      for (const row of rows) {
        const documentType = row.document_type as Processed['documentType'];
        const data: Processed = {
          documentId: row.id,
          ownerId: row.owner_id,
          documentType,
          mimetype: row.mimetype,
          pageCount: row.page_count ?? 0,
          textLength: row.text_length,
          ocrPages: row.ocr_pages,
          extractionMethod: row.extraction_method ?? 'rules',
          entities: {
            documentType,
            peopleIdentified: row.people_identified,
            personDetails: row.person_details ?? [],
            dateInfo: row.date_info,
            geographicalInfo: row.geographical_info,
            occupations: row.occupations,
            tags: row.tags,
          },
          processedAt: (row.processed_at ?? new Date()).toISOString(),
        };
        await writeEvent(trx, documentEvent('document.processed', row.id, data, opts.replayId));
      }
      if (rows.length > 0) after = rows[rows.length - 1]!.id;
      return rows.length;
    });
    total += n;
    if (n < batchSize) return total;
  }
}
