import type { DocumentKind } from './file-types';

/**
 * Processing lanes. Text and Word files take milliseconds; scans and photos take seconds a page
 * of OCR. In one queue a text file waited behind every scan ahead of it (50 s under load), so
 * each lane is its own queue with its own workers: the fast lane never waits for OCR.
 */
export type ProcessingLane = 'fast' | 'ocr';

export const LANE_QUEUES: Record<ProcessingLane, string> = {
  fast: 'documents.process.fast',
  ocr: 'documents.process.ocr',
};

const LANE_OF_KIND: Record<DocumentKind, ProcessingLane> = {
  txt: 'fast',
  doc: 'fast',
  docx: 'fast',
  // A PDF may have a text layer, but only parsing tells; most uploaded PDFs are scans.
  pdf: 'ocr',
  jpeg: 'ocr',
  png: 'ocr',
};

export function laneOf(kind: string): ProcessingLane {
  return LANE_OF_KIND[kind as DocumentKind] ?? 'ocr';
}

/** A scanned page as stored in a PDF is typically 100-400 KB; the low end errs towards "long". */
const PDF_BYTES_PER_SCANNED_PAGE = 100_000;

/**
 * Pages a document probably has, known at upload without parsing it: an image is one page, a
 * PDF is estimated from its size (its real page count is known only once it is read).
 */
export function estimatedPages(kind: string, sizeBytes: number): number {
  if (kind !== 'pdf') return 1;
  return Math.max(1, Math.ceil(sizeBytes / PDF_BYTES_PER_SCANNED_PAGE));
}

/**
 * Queue priority within the OCR lane (1 runs first): shorter documents first, so a one-page
 * photo is not stuck behind a 200-page scan. The fast lane needs none (everything there is quick).
 */
export function processingPriority(kind: string, sizeBytes: number): number | undefined {
  return laneOf(kind) === 'ocr' ? estimatedPages(kind, sizeBytes) : undefined;
}
