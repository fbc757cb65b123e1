import { EXTRACTOR_VERSION, extractWithRules, type Gazetteer } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import type { DocumentsDeps } from '../../context';
import { keepPlacedTags } from '../../photos/domain/face-tags';
import { applyTagEdits } from '../domain/tag-edits';
import type { DocumentsDb } from '../store/documents-store';
import { listOlderExtractions, saveReextraction } from '../store/reextract-store';
import { writeDocumentUpdated } from './announce-update';

const BATCH = 100;

export interface ReextractResult {
  reextracted: number;
  /** More older documents wait: the next batch has been (or should be) enqueued. */
  more: boolean;
}

/**
 * Reads one batch of older documents again from their stored text (issue 15) — no OCR, no file
 * access — and stamps them with EXTRACTOR_VERSION. People tagged on faces or regions are kept, as
 * a "Read again" keeps them, and the user's tag edits stay applied (decision 0217).
 */
export async function reextractOlderDocuments(
  deps: Pick<DocumentsDeps, 'database'>,
  input: { batch?: number; gazetteer?: Gazetteer } = {},
): Promise<ReextractResult> {
  const batch = input.batch ?? BATCH;
  const rows = await listOlderExtractions(deps.database.db, batch + 1);
  let reextracted = 0;
  for (const row of rows.slice(0, batch)) {
    const entities = extractWithRules(
      { text: row.extracted_text, isImage: row.mimetype.startsWith('image/'), originalName: row.original_name },
      input.gazetteer ?? defaultGazetteer(),
    );
    // Integrators and the people index learn of the new entities as of an edit: document.updated, in the same transaction.
    const db: DocumentsDb = deps.database.db;
    const written = await db.transaction().execute(async (trx) => {
      const wrote = await saveReextraction(trx, row.id, {
        ...entities,
        peopleIdentified: keepPlacedTags(row.people_identified ?? [], entities.peopleIdentified),
        tags: applyTagEdits(entities.tags, row.tag_edits),
      });
      if (wrote) await writeDocumentUpdated(trx, row.id);
      return wrote;
    });
    if (written) reextracted++;
  }
  return { reextracted, more: rows.length > batch };
}
