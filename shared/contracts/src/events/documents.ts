import { z } from 'zod';
import { DocumentType, DocumentEntities, DocumentProcessingStepCode } from '../documents';

/**
 * Events of the documents service on topic `gnology.documents.v1` (CloudEvents 1.0, keyed by
 * document id, `type` equal to the registry key below). These are schemas of the events' `data`.
 * Additive changes only on this topic; anything incompatible goes to a `.v2` topic.
 */
export const DOCUMENTS_TOPIC = 'gnology.documents.v1';
export const DOCUMENTS_EVENT_SOURCE = '/services/documents';

export const DocumentUploadedEvent = z.object({
  documentId: z.string(),
  ownerId: z.string(),
  originalName: z.string(),
  mimetype: z.string(),
  documentType: DocumentType,
  size: z.number().int(),
  uploadedAt: z.string(),
});

export const DocumentProcessedEvent = z.object({
  documentId: z.string(),
  ownerId: z.string(),
  documentType: DocumentType,
  mimetype: z.string(),
  pageCount: z.number().int(),
  textLength: z.number().int(),
  /** Pages whose text came from OCR (0 for born-digital documents). */
  ocrPages: z.number().int(),
  extractionMethod: z.enum(['rules', 'llm']),
  entities: DocumentEntities,
  processedAt: z.string(),
});

/**
 * The owner changed the document's people (issue 18) or tags (issue 30): the entities as they now stand, in the
 * shape `document.processed` carries them, so a consumer replaces what it holds for the document.
 */
export const DocumentUpdatedEvent = z.object({
  documentId: z.string(),
  ownerId: z.string(),
  documentType: DocumentType,
  entities: DocumentEntities,
  updatedAt: z.string(),
});

export const DocumentFailedEvent = z.object({
  documentId: z.string(),
  ownerId: z.string(),
  /** A message a user can read (also shown on the documents screen). */
  error: z.string(),
  /** The processing step that failed. */
  step: DocumentProcessingStepCode,
  attempts: z.number().int(),
  failedAt: z.string(),
});

export const DocumentDeletedEvent = z.object({
  documentId: z.string(),
  ownerId: z.string(),
  deletedAt: z.string(),
});

/** Every event type of the topic with the schema of its data (the AsyncAPI document is generated from this). */
export const documentEventSchemas = {
  'document.uploaded': DocumentUploadedEvent,
  'document.processed': DocumentProcessedEvent,
  'document.updated': DocumentUpdatedEvent,
  'document.failed': DocumentFailedEvent,
  'document.deleted': DocumentDeletedEvent,
} as const;

export type DocumentEventType = keyof typeof documentEventSchemas;
export type DocumentEventData<T extends DocumentEventType> = z.infer<(typeof documentEventSchemas)[T]>;
