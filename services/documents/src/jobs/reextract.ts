import type { PersonTag } from '@gnology/contracts';
import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { Kysely } from 'kysely';
import type { DocumentsDeps } from '../context';
import { EXTRACTOR_VERSION, extractWithRules, type Gazetteer } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { applyTagEdits } from '../domain/tag-edits';
import { writeDocumentUpdated } from '../use-cases/announce-update';
import type { DocumentsDB } from '../store/schema';
import { MAINTENANCE_QUEUE } from './sweep';

/**
 * Re-extraction after an extractor upgrade (issue 15): every completed document whose entities
 * came from an older version of the rules is read again from its stored text — no OCR, no file
 * access — and stamped with EXTRACTOR_VERSION. People tagged on faces or regions are kept, as a
 * "Read again" keeps them. Left alone: documents extracted by an LLM (a re-run costs tokens; they
 * are re-read when their owner asks), filled GNology Journals (their entities come from the form)
 * and photos (their people are tags, not text).
 *
 * One job per version (job id `documents-reextract-v<version>`), so however many worker replicas
 * start, one of them does the work; it goes in batches and enqueues its next batch itself.
 */
export const REEXTRACT_JOB = 'reextract';
const BATCH = 100;

export interface ReextractResult {
  reextracted: number;
  /** More older documents wait: the next batch has been (or should be) enqueued. */
  more: boolean;
}

type Db = Kysely<DocumentsDB>;

/** Reads one batch of older documents again. Exported for tests and for running by hand. */
export async function reextractOlderDocuments(
  db: Db,
  opts: { batch?: number; gazetteer?: Gazetteer } = {},
): Promise<ReextractResult> {
  const batch = opts.batch ?? BATCH;
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'extracted_text', 'mimetype', 'original_name', 'people_identified', 'tag_edits'])
    .where('extractor_version', '<', EXTRACTOR_VERSION)
    .where('processing_status', '=', 'completed')
    .where((eb) => eb.or([eb('extraction_method', '=', 'rules'), eb('extraction_method', 'is', null)]))
    .where('journal', 'is', null)
    .where('document_type', '<>', 'photo')
    .orderBy('id')
    .limit(batch + 1)
    .execute();
  let reextracted = 0;
  for (const row of rows.slice(0, batch)) {
    const entities = extractWithRules(
      { text: row.extracted_text, isImage: row.mimetype.startsWith('image/'), originalName: row.original_name },
      opts.gazetteer ?? defaultGazetteer(),
    );
    const people = keepPlacedTags(row.people_identified ?? [], entities.peopleIdentified);
    // Integrators and the people index learn of the new entities as of an edit: document.updated, in the same transaction.
    const updated = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('documents')
        .set({
          document_type: entities.documentType,
          people_identified: JSON.stringify(people),
          person_details: JSON.stringify(entities.personDetails ?? []),
          date_info: JSON.stringify(entities.dateInfo),
          geographical_info: JSON.stringify(entities.geographicalInfo),
          occupations: JSON.stringify(entities.occupations),
          // The user's tag edits stay applied (decision 0217).
          tags: JSON.stringify(applyTagEdits(entities.tags, row.tag_edits)),
          extractor_version: EXTRACTOR_VERSION,
        })
        // Only if nothing re-processed it meanwhile (a "Read again" writes fresh entities itself).
        .where('id', '=', row.id)
        .where('extractor_version', '<', EXTRACTOR_VERSION)
        .where('processing_status', '=', 'completed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) await writeDocumentUpdated(trx, row.id);
      return result;
    });
    if (Number(updated.numUpdatedRows) > 0) reextracted++;
  }
  return { reextracted, more: rows.length > batch };
}

/** People tagged on a face or a region of the image stay; the text's people are read anew. */
function keepPlacedTags(before: readonly PersonTag[], read: readonly PersonTag[]): PersonTag[] {
  const kept = before.filter((t) => t.faceId || t.region);
  const key = (t: PersonTag) => `${t.name.toLowerCase()}|${t.role}`;
  const seen = new Set(kept.map(key));
  return [...kept, ...read.filter((t) => !seen.has(key(t)))];
}

export function reextractJobId(part = 0): string {
  return `documents-reextract-v${EXTRACTOR_VERSION}-${part}`;
}

/** Enqueues this version's first re-extraction batch (a no-op when it was enqueued before: same job id). */
export async function startReextraction(deps: Pick<DocumentsDeps, 'queue' | 'logger'>): Promise<void> {
  await deps.queue
    .enqueue(MAINTENANCE_QUEUE, REEXTRACT_JOB, { part: 0 }, { jobId: reextractJobId(0), attempts: 3 })
    .catch((err) => {
      deps.logger.warn({ err }, 'could not enqueue the re-extraction of older documents');
    });
}

export function reextractJob(deps: Pick<DocumentsDeps, 'database' | 'queue' | 'logger'>): JobDefinition {
  return defineJob<{ part?: number }>({
    queue: MAINTENANCE_QUEUE,
    name: REEXTRACT_JOB,
    handler: async (job) => {
      const result = await reextractOlderDocuments(deps.database.db);
      if (result.reextracted) deps.logger.info({ ...result, version: EXTRACTOR_VERSION }, 'documents re-extracted');
      if (result.more) {
        const part = (job.data.part ?? 0) + 1;
        await deps.queue.enqueue(
          MAINTENANCE_QUEUE,
          REEXTRACT_JOB,
          { part },
          { jobId: reextractJobId(part), attempts: 3 },
        );
      }
      return result;
    },
  });
}
