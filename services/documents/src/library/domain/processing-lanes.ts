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

/** A scanned page as stored in a PDF is typically 100-400 KB; the low end errs towards "long" (used only for PDFs too large to count at upload). */
const PDF_BYTES_PER_SCANNED_PAGE = 100_000;

/**
 * Pages a document probably has without parsing it: an image is one page, a PDF is estimated
 * from its size. Only for PDFs too large to count at upload (jobs/ocr-cost.ts counts the rest).
 */
export function estimatedPages(kind: string, sizeBytes: number): number {
  if (kind !== 'pdf') return 1;
  return Math.max(1, Math.ceil(sizeBytes / PDF_BYTES_PER_SCANNED_PAGE));
}

/** An A4 page at 300 dpi (2480 × 3508 px): the unit of OCR work. */
export const A4_PIXELS_300_DPI = 2480 * 3508;
/** BullMQ's largest priority (shared/platform jobs/naming.ts); pg-boss stores the same range. */
const MAX_PRIORITY = 2_097_152;
/** Priorities of one turn: a document's work fills the units, its owner's turn the thousands. */
export const TURN_STEP = 1000;

/** What OCR a document is: its pages, and (when known) their pixels at 300 dpi. */
export interface OcrCost {
  pages: number;
  pixels?: number;
}

/** OCR work in A4 pages at 300 dpi: the pages, or more when they are larger than A4 (a 100 MP photo is 12). */
export function ocrWork(cost: OcrCost): number {
  return Math.max(1, Math.ceil(cost.pages), Math.ceil((cost.pixels ?? 0) / A4_PIXELS_300_DPI));
}

/**
 * Queue priority within the OCR lane (1 runs first; decision 0215): by turns, then by work. A
 * document's turn is how many of its owner's OCR documents already wait or run, so each user's
 * n-th document waits behind every other user's (n−1)-th, however long (users take turns), and
 * within a turn less work runs first: a one-page photo is not stuck behind a 200-page scan, and a
 * few-KB PDF of 500 pages no longer passes as one page (work comes from pages and pixels, not
 * bytes). The fast lane needs none (everything there is quick).
 */
export function processingPriority(kind: string, cost: OcrCost, turn: number): number | undefined {
  if (laneOf(kind) !== 'ocr') return undefined;
  const work = Math.min(TURN_STEP - 1, ocrWork(cost));
  return Math.min(MAX_PRIORITY, Math.max(0, Math.floor(turn)) * TURN_STEP + work);
}
