import { type DocumentRecord, LOW_OCR_CONFIDENCE } from '@gnology/contracts';
import { documentLanguages } from '../domain/ocr-languages';
import { signViewToken } from '../domain/view-token';
import type { ListedDocument } from '../store/documents-store';

export interface PresentOptions {
  secret: string;
  ttlSeconds: number;
  now?: number;
}

type PageInfo = {
  page_number: number;
  width: number | null;
  height: number | null;
  image_key: string | null;
  ocr: boolean;
  confidence: number | null;
  transcribed_by?: string | null;
  handwriting_note?: string | null;
};

/** Confidence as shown: a whole-ish number 0–100 (Postgres `real` reads back as 61.29999923706055). */
const roundConfidence = (c: number | null) =>
  c === null || !Number.isFinite(c) ? null : Math.min(100, Math.max(0, Math.round(c * 10) / 10));

/** A stored document as the API shows it (docs/contract.md#entities), with a scoped image token. */
export function presentDocument(
  row: ListedDocument,
  pages: PageInfo[],
  opts: PresentOptions,
  extractedText?: string,
): DocumentRecord {
  const expiresAt = (opts.now ?? Date.now()) + opts.ttlSeconds * 1000;
  const uploadedAt = new Date(row.uploaded_at).toISOString();
  const active = row.processing_status === 'pending' || row.processing_status === 'processing';
  const record: DocumentRecord = {
    _id: row.id,
    originalName: row.original_name,
    filename: row.filename,
    mimetype: row.mimetype,
    documentType: row.document_type as DocumentRecord['documentType'],
    size: Number(row.size),
    uploadedAt,
    uploadDate: uploadedAt,
    processingStatus: row.processing_status,
    processingStep: active ? (row.task_step ?? { step: 'queued' }) : null,
    processingError: row.processing_status === 'failed' ? (row.task_error ?? 'Failed to process document') : null,
    processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
    tags: row.tags,
    peopleIdentified: row.people_identified,
    personDetails: row.person_details ?? [],
    dateInfo: row.date_info,
    geographicalInfo: row.geographical_info,
    occupations: row.occupations,
    pageCount: row.page_count,
    pageImages: pages
      .filter((p) => p.image_key)
      .map((p) => ({
        pageNumber: p.page_number,
        ...(p.width ? { width: p.width } : {}),
        ...(p.height ? { height: p.height } : {}),
      })),
    ocrLanguages: [...documentLanguages(row.ocr_languages)],
    pages: pages.map((p) => ({
      pageNumber: p.page_number,
      ocr: p.ocr,
      confidence: roundConfidence(p.confidence),
      // Handwriting (decision 0155): only on the pages it concerns.
      ...(p.transcribed_by ? { transcribedByAi: true } : {}),
      ...(p.handwriting_note ? { handwritingNote: p.handwriting_note } : {}),
    })),
    lowConfidencePages: pages
      .filter((p) => p.confidence !== null && p.confidence < LOW_OCR_CONFIDENCE)
      .map((p) => p.page_number),
    hasThumbnail: Boolean(row.thumbnail_key),
    textLength: row.text_length,
    extractionMethod: row.extraction_method,
    ...(row.extraction_note ? { extractionNote: row.extraction_note } : {}),
    viewToken: signViewToken(opts.secret, row.id, row.owner_id, expiresAt),
    viewTokenExpiresAt: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(),
  };
  if (extractedText !== undefined) record.extractedText = extractedText;
  if (row.journal) record.journal = row.journal;
  return record;
}
