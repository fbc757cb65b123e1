import path from 'node:path';
import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../context';
import { LANE_QUEUES } from '../library/domain/processing-lanes';
import { createExtractionService } from '../llm/select-extractor';
import { PROCESS_DOCUMENT_JOB, type ProcessDocumentJob } from '../library/jobs/enqueue';
import { createFaceDetector } from '../photos/jobs/faces/face-detector';
import { gedcomImportJob } from '../people/jobs/gedcom-import';
import { createOcrPool, type OcrEngine } from '../library/jobs/ocr-pool';
import { peopleRebuildJob, startPeopleBackfill } from '../people/jobs/people-rebuild';
import { createDocumentProcessor } from '../library/jobs/process-document';
import { reextractJob, startReextraction } from '../library/jobs/reextract';
import { startSweepTimer } from '../library/jobs/schedule';
import { sweepJob } from '../library/jobs/sweep';

/** Background jobs the documents service's worker role runs: one `process-document` job per upload. */
export function documentsJobs(deps: DocumentsDeps): JobDefinition[] {
  return createDocumentsWorker(deps).jobs;
}

/**
 * The worker role's pieces: the job definitions, and the warm OCR pool behind them (tests close
 * it; the service process exits with it). `sweep: false` leaves out the maintenance sweep's timer
 * (its job is declared either way, so a test can run one).
 */
export function createDocumentsWorker(
  deps: DocumentsDeps,
  opts: { sweep?: boolean } = {},
): { jobs: JobDefinition[]; ocr: OcrEngine } {
  const ocr = createOcrPool({
    workers: deps.config.OCR_WORKERS,
    cacheDir: deps.config.OCR_CACHE_DIR ?? path.resolve(deps.config.DATA_DIR, 'cache', 'tesseract'),
    logger: deps.logger,
    engine: deps.config.OCR_ENGINE,
  });
  const extraction = createExtractionService(deps.config, deps.logger);
  // One document more than OCR workers: a user's one-page scan starts while another user's long
  // scan runs, and the pool gives their pages turns (decision 0215).
  const ocrConcurrency = deps.config.DOCUMENTS_CONCURRENCY ?? Math.max(1, deps.config.OCR_WORKERS) + 1;
  const fastConcurrency = deps.config.DOCUMENTS_FAST_CONCURRENCY;
  const faces = deps.config.FACE_DETECTION === 'on' ? createFaceDetector({ logger: deps.logger }) : undefined;
  deps.logger.info(
    {
      extraction: extraction.configured,
      ocrWorkers: ocr.size,
      ocrConcurrency,
      fastConcurrency,
      faceDetection: deps.config.FACE_DETECTION,
    },
    'document processing configured',
  );
  if (opts.sweep !== false) startSweepTimer(deps);
  // Documents extracted by older rules are read again once per extractor version (library/jobs/reextract.ts).
  if (opts.sweep !== false) void startReextraction(deps);
  // The people index of documents processed before it existed (people/jobs/people-rebuild.ts).
  if (opts.sweep !== false) void startPeopleBackfill(deps);
  const handler = createDocumentProcessor({ deps, ocr, extraction, faces });
  // Two lanes, one handler: each lane its own queue and worker pool (library/domain/processing-lanes.ts).
  const jobs = [
    defineJob<ProcessDocumentJob>({
      queue: LANE_QUEUES.fast,
      name: PROCESS_DOCUMENT_JOB,
      concurrency: fastConcurrency,
      handler,
    }),
    defineJob<ProcessDocumentJob>({
      queue: LANE_QUEUES.ocr,
      name: PROCESS_DOCUMENT_JOB,
      concurrency: ocrConcurrency,
      handler,
    }),
    sweepJob(deps),
    reextractJob(deps),
    peopleRebuildJob(deps),
    gedcomImportJob(deps),
  ];
  return { jobs, ocr };
}
