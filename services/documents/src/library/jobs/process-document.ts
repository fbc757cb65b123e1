import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DocumentProcessingStep } from '@gnology/contracts';
import type { JobContext } from '@gnology/platform/jobs/types';
import type { DocumentsDeps } from '../../context';
import { documentLanguages } from '../domain/ocr-languages';
import { keepPlacedTags } from '../../photos/domain/face-tags';
import { PermanentProcessingError, readableError } from '../domain/processing';
import type { ExtractionService } from '../../llm/select-extractor';
import { completeProcessing, failProcessing } from '../use-cases/finish-processing';
import {
  isDocumentPresent,
  recordReadingStep,
  recordTryError,
  saveReadJournal,
  saveReadPages,
  startReading,
} from '../use-cases/record-reading';
import { documentPrefix, pageImageKey, thumbnailKey } from '../domain/object-keys';
import { PROCESS_ATTEMPTS, type ProcessDocumentJob } from './enqueue';
import type { FaceDetector } from '../../photos/jobs/faces/face-detector';
import { readHandwriting } from './handwriting/read-handwriting';
import { analysePhoto } from '../../photos/jobs/faces/photo-analysis';
import type { OcrEngine } from './ocr-pool';
import { parserFor } from './parsers';
import { readJournalForm } from './parsers/journal-form';

// Stored text beyond this is cut (a 200 MB text file is not something anyone reads back whole).
const MAX_STORED_TEXT = 20_000_000;

/** What a user reads when the worker's own disk is the problem (not their file). */
export const NO_WORKSPACE_MESSAGE =
  'Processing failed: the server could not make room to read this file. Please try again later.';

/** How often a reading looks whether its document still exists (a deletion cancels it: issue 30, point 2). */
export const CANCEL_CHECK_MS = 1_000;

/** The document was deleted while it was being read: its reading stops, quietly. */
class DocumentDeletedError extends Error {
  constructor() {
    super('the document was deleted while it was being read');
  }
}

/** The worker could not make its temporary folder (read-only, full or missing /tmp): not the file's fault. */
class WorkspaceError extends Error {
  constructor(cause: unknown) {
    super(`could not create a temporary folder: ${cause instanceof Error ? cause.message : cause}`, { cause });
  }
}

export interface ProcessorDeps {
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'config' | 'logger'>;
  ocr: OcrEngine;
  extraction: ExtractionService;
  /** Face detection for photos; absent when FACE_DETECTION=off. */
  faces?: FaceDetector;
}

/**
 * The worker's handler for one document. Safe to run again at any point: pages are upserted by
 * (document, page number), objects are written under fixed keys, and the completed status and its
 * `document.processed` event are written once, guarded in the same transaction. Files that can
 * never be read fail at once; other errors are retried, and the last try reports the failure.
 */
export function createDocumentProcessor({ deps, ocr, extraction, faces }: ProcessorDeps) {
  return async (job: JobContext<ProcessDocumentJob>) => {
    const id = job.data.documentId;
    const started = await startReading(deps, { documentId: id });
    if ('skipped' in started) return started;
    const { doc, run } = started;
    const log = deps.logger.child({ documentId: id, attempt: job.attempt, run, requestId: job.requestId });
    // Deleting the document cancels its reading (issue 30, point 2): its row is looked for every
    // second and at each step; once it is gone, the parser, the transcription and the extraction are
    // aborted at their next page or call, and the job ends as cancelled instead of failing on the
    // foreign key of a page written for a row that no longer exists.
    const deleted = new AbortController();
    const gone = async () => {
      if (!deleted.signal.aborted && !(await isDocumentPresent(deps, { documentId: id })))
        deleted.abort(new DocumentDeletedError());
      return deleted.signal.aborted;
    };
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      gone()
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    }, CANCEL_CHECK_MS);
    const signal = AbortSignal.any([job.signal, deleted.signal]);
    let current: DocumentProcessingStep['step'] = 'reading';
    let lastSaved = 0;
    const progress = async (step: DocumentProcessingStep) => {
      if (deleted.signal.aborted) throw new DocumentDeletedError();
      current = step.step;
      const now = Date.now();
      // Page-by-page steps of long PDFs: at most a few writes a second.
      if (step.page && step.of && step.page !== step.of && step.page !== 1 && now - lastSaved < 250) return;
      lastSaved = now;
      const withAttempt = { ...step, attempt: run };
      await recordReadingStep(deps, { documentId: id, step: withAttempt });
      await job.progress(withAttempt);
    };

    // Created inside the try: a worker that cannot make its folder (read-only or full /tmp) must
    // still record the failure, or the document would show "processing" forever.
    let dir: string | undefined;
    try {
      dir = await mkdtemp(path.join(tmpdir(), 'gn-doc-')).catch((err) => {
        throw new WorkspaceError(err);
      });
      await progress({ step: 'reading' });
      const file = path.join(dir, 'original');
      await pipeline(await deps.storage.get(doc.storage_key), createWriteStream(file));
      const size = (await stat(file)).size;
      const parser = parserFor(doc.kind);
      const parsed = await parser.parse({
        path: file,
        size,
        // The owner's pages take turns with other owners' for the OCR workers (decision 0215).
        ocr: {
          size: ocr.size,
          close: () => ocr.close(),
          recognize: (img, o) => ocr.recognize(img, { ...o, owner: doc.owner_id }),
        },
        languages: documentLanguages(doc.ocr_languages),
        signal,
        progress,
        limits: {
          pdfPageLimit: deps.config.PDF_PAGE_LIMIT,
          maxImagePixels: deps.config.MAX_IMAGE_PIXELS,
          docxMaxUncompressedBytes: deps.config.DOCX_MAX_UNCOMPRESSED_MB * 1024 * 1024,
        },
        storePageImage: async (n, jpeg) => {
          const key = pageImageKey(doc.owner_id, id, n);
          await deps.storage.put(key, jpeg, { contentType: 'image/jpeg', size: jpeg.length });
          return key;
        },
      });

      await progress({ step: 'saving' });
      if (await gone()) throw new DocumentDeletedError();
      await saveReadPages(deps, { documentId: id, pages: parsed.pages });
      // Low-confidence pages: a vision model's transcription, metered, or a note saying why not (decision 0155).
      await readHandwriting(
        parsed,
        { documentId: id, ownerId: doc.owner_id, kind: doc.kind, reading: doc.reprocess_count + 1, run, file, signal },
        { database: deps.database, storage: deps.storage, config: deps.config, logger: log },
      );
      let thumb: string | null = null;
      if (parsed.thumbnail) {
        thumb = thumbnailKey(doc.owner_id, id);
        await deps.storage.put(thumb, parsed.thumbnail, { contentType: 'image/jpeg', size: parsed.thumbnail.length });
      }

      await progress({ step: 'extracting' });
      // A filled GNology Journal: its form fields are the document's data (decision 0072).
      const journal = doc.kind === 'pdf' ? await readJournalForm(file, size) : null;
      const pageText = parsed.text.length > MAX_STORED_TEXT ? parsed.text.slice(0, MAX_STORED_TEXT) : parsed.text;
      const text = journal?.text ?? pageText;
      const extracted = journal
        ? { entities: journal.entities, method: 'rules' as const }
        : await extraction.extract(
            { text, isImage: doc.kind === 'jpeg' || doc.kind === 'png', originalName: doc.original_name },
            // The model's tokens are the owner's (issue 29, point 6), held under an id of this reading
            // (upload 1, each Read again the next) and try: billing answers a repeated id as the first.
            { ownerId: doc.owner_id, requestId: `extraction-${id}-r${doc.reprocess_count + 1}-a${run}` },
            signal,
          );
      const { method } = extracted;
      const read = journal
        ? journal.entities
        : await analysePhoto(
            {
              documentId: id,
              ownerId: doc.owner_id,
              kind: doc.kind,
              file,
              ocrWords: parsed.ocrWords,
              entities: extracted.entities,
            },
            { database: deps.database, faces, logger: log },
          );
      // "Read again": the people the user tagged on a face stay; the rest come from the new reading.
      const entities =
        doc.reprocess_count > 0
          ? { ...read, peopleIdentified: keepPlacedTags(doc.people_identified, read.peopleIdentified) }
          : read;
      if (journal) await saveReadJournal(deps, { documentId: id, journal: journal.journal });
      const written = await completeProcessing(
        deps,
        id,
        {
          text,
          pageCount: parsed.pages.length,
          ocrPages: parsed.pages.filter((p) => p.ocr).length,
          thumbnailKey: thumb,
          entities,
          extractionMethod: method,
          extractionNote: 'note' in extracted ? (extracted.note ?? null) : null,
        },
        job.requestId,
      );
      if (!written && (await gone())) throw new DocumentDeletedError();
      log.info({ pages: parsed.pages.length, chars: text.length, method, written }, 'document processed');
      return { pages: parsed.pages.length, chars: text.length };
    } catch (err) {
      // Shutting down: leave the try to the retry, whatever attempt this is.
      if (job.signal.aborted) throw err;
      // Deleted while being read (whatever the step failed on): cancelled, not failed. What the
      // reading stored after the deletion removed the document's objects goes too.
      if (deleted.signal.aborted || (await gone().catch(() => false))) {
        await deps.storage
          .deletePrefix(documentPrefix(doc.owner_id, id))
          .catch((e) => log.warn({ err: e }, 'could not delete the stored objects of a deleted document'));
        log.info({ step: current }, 'document deleted while being read; processing cancelled');
        return { cancelled: 'deleted' };
      }
      const message = err instanceof WorkspaceError ? NO_WORKSPACE_MESSAGE : readableError(err);
      const final = err instanceof PermanentProcessingError || job.attempt >= PROCESS_ATTEMPTS;
      if (final) {
        log.warn({ err, step: current }, 'document processing failed');
        await failProcessing(deps, id, { error: message, step: current, attempts: run }, job.requestId);
        return { failed: message };
      }
      log.warn({ err, step: current }, 'document processing try failed; it will be retried');
      await recordTryError(deps, { documentId: id, message });
      throw err;
    } finally {
      clearInterval(watch);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  };
}
