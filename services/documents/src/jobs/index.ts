import path from 'node:path';
import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import { sql } from 'kysely';
import type { DocumentsDeps } from '../app';
import { createExtractionService } from '../llm/select-extractor';
import { createFaceDetector } from './faces/face-detector';
import { DOCUMENTS_QUEUE, enqueueProcessing, PROCESS_DOCUMENT_JOB, type ProcessDocumentJob } from './enqueue';
import { createOcrPool, type OcrEngine } from './ocr-pool';
import { createDocumentProcessor } from './process-document';

// Uploads whose enqueue was lost (the queue was down after the commit) are picked up by this sweep.
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_OLDER_THAN = '2 minutes';

/** Background jobs the documents service's worker role runs: one `process-document` job per upload. */
export function documentsJobs(deps: DocumentsDeps): JobDefinition[] {
  return createDocumentsWorker(deps).jobs;
}

/**
 * The worker role's pieces: the job definitions, and the warm OCR pool behind them (tests close
 * it; the service process exits with it). `sweep: false` leaves out the pending-upload sweep.
 */
export function createDocumentsWorker(deps: DocumentsDeps, opts: { sweep?: boolean } = {}): { jobs: JobDefinition[]; ocr: OcrEngine } {
  const ocr = createOcrPool({
    workers: deps.config.OCR_WORKERS,
    cacheDir: deps.config.OCR_CACHE_DIR ?? path.resolve(deps.config.DATA_DIR, 'cache', 'tesseract'),
    logger: deps.logger,
  });
  const extraction = createExtractionService(deps.config, deps.logger);
  const faces = deps.config.FACE_DETECTION === 'on' ? createFaceDetector({ logger: deps.logger }) : undefined;
  deps.logger.info({ extraction: extraction.configured, ocrWorkers: ocr.size, faceDetection: deps.config.FACE_DETECTION }, 'document processing configured');
  if (opts.sweep !== false) startPendingSweep(deps);
  const jobs = [
    defineJob<ProcessDocumentJob>({
      queue: DOCUMENTS_QUEUE,
      name: PROCESS_DOCUMENT_JOB,
      concurrency: deps.config.DOCUMENTS_CONCURRENCY ?? Math.max(1, deps.config.OCR_WORKERS),
      handler: createDocumentProcessor({ deps, ocr, extraction, faces }),
    }),
  ];
  return { jobs, ocr };
}

export function startPendingSweep(deps: DocumentsDeps): void {
  const sweep = async () => {
    const rows = await deps.database.db
      .selectFrom('documents')
      .select('id')
      .where('processing_status', '=', 'pending')
      .where('uploaded_at', '<', sql<Date>`now() - ${SWEEP_OLDER_THAN}::interval`)
      .limit(500)
      .execute();
    for (const r of rows) await enqueueProcessing(deps, r.id);
    if (rows.length) deps.logger.info({ count: rows.length }, 're-enqueued pending documents');
  };
  const run = () => sweep().catch((err) => deps.logger.warn({ err }, 'pending-document sweep failed'));
  setTimeout(run, 30_000).unref();
  setInterval(run, SWEEP_EVERY_MS).unref();
}
