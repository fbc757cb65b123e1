import type { DocumentProcessingStep, Journal } from '@gnology/contracts';
import type { DocumentsDeps } from '../../context';
import type { ParsedPage } from '../domain/parsed-page';
import { documentExists } from '../store/document-exists';
import {
  getDocumentById,
  saveAttemptError,
  saveStep,
  startProcessing,
  trimPages,
  upsertPage,
} from '../store/documents-store';
import { type NewFace, replaceFaces } from '../../photos/store/faces-store';
import { saveJournal } from '../../journal/store/journal-store';
import { clearTranscriptions, saveHandwritingNote, saveTranscription } from '../store/page-transcriptions';
import type { DocumentRow } from '../../store/schema';

/*
 * What the reading pipeline (jobs/process-document.ts) records as it goes, one use case per
 * record: the job holds the file, the parsers and the models, these hold the rows.
 */

type Deps = Pick<DocumentsDeps, 'database'>;
export type { NewFace };

/** The document to read, or why there is nothing to read (deleted, or finished by an earlier run whose acknowledgement was lost). */
export async function startReading(
  deps: Deps,
  input: { documentId: string },
): Promise<{ doc: DocumentRow; run: number } | { skipped: string }> {
  const db = deps.database.db;
  const doc = await getDocumentById(db, input.documentId);
  if (!doc) return { skipped: 'deleted' };
  if (doc.processing_status === 'completed' || doc.processing_status === 'failed')
    return { skipped: doc.processing_status };
  return { doc, run: await startProcessing(db, input.documentId) };
}

/** Whether the document still exists: a deletion cancels its reading. */
export function isDocumentPresent(deps: Deps, input: { documentId: string }): Promise<boolean> {
  return documentExists(deps.database.db, input.documentId);
}

/** The step the reading is at, for the document's progress. */
export function recordReadingStep(deps: Deps, input: { documentId: string; step: DocumentProcessingStep }) {
  return saveStep(deps.database.db, input.documentId, input.step);
}

/**
 * Every page written whole (its reading, turn, skew and word boxes): a run of "Read again"
 * replaces the last run's pages, and the pages the new run no longer has are dropped.
 */
export async function saveReadPages(deps: Deps, input: { documentId: string; pages: readonly ParsedPage[] }) {
  const db = deps.database.db;
  for (const page of input.pages) await upsertPage(db, { documentId: input.documentId, ...page });
  await trimPages(db, input.documentId, input.pages.length);
}

/** The structured journal read from a filled GNology Journal (a re-run overwrites it). */
export function saveReadJournal(deps: Deps, input: { documentId: string; journal: Journal }) {
  return saveJournal(deps.database.db, input.documentId, input.journal);
}

/** A failed try that will be retried: its message, shown until the next try ends. */
export function recordTryError(deps: Deps, input: { documentId: string; message: string }) {
  return saveAttemptError(deps.database.db, input.documentId, input.message);
}

/** "Read again": the last run's transcriptions and handwriting notes go with its pages' texts. */
export function clearPageTranscriptions(deps: Deps, input: { documentId: string }) {
  return clearTranscriptions(deps.database.db, input.documentId);
}

/** The note a low-confidence page shows instead of a transcription. */
export function notePage(deps: Deps, input: { documentId: string; pageNumber: number; note: string }) {
  return saveHandwritingNote(deps.database.db, input.documentId, input.pageNumber, input.note);
}

/** A page read by a vision model: its text becomes the model's, its OCR reading is kept. */
export function saveTranscribedPage(
  deps: Deps,
  input: { documentId: string; pageNumber: number; text: string; ocrText: string; transcribedBy: string },
) {
  const { documentId, ...page } = input;
  return saveTranscription(deps.database.db, documentId, page);
}

/** A photo's faces, replacing an earlier run's (the same ids again, never duplicates). */
export function saveFaces(deps: Deps, input: { documentId: string; ownerId: string; faces: NewFace[] }) {
  return replaceFaces(deps.database.db, input.documentId, input.ownerId, input.faces);
}
