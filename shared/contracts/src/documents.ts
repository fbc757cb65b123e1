import { z } from 'zod';
import { ObjectId } from './common';
import { Journal } from './journal';

/**
 * Documents API bodies (spec sections 3 and 7). Field names are the spec's: `_id`, `originalName`,
 * `filename`, `mimetype`, `documentType`, `size`, `uploadedAt` (and `uploadDate`, the name the
 * dashboard reads), `processingStatus`, `peopleIdentified`, `dateInfo`, `geographicalInfo`, ...
 */

/** The upload limit of spec section 9: 200 MB (binary megabytes, as browsers and the gateway count them). */
export const DOCUMENT_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE = 'File too large! Maximum file size is 200MB. Please choose a smaller file.';
/** The accepted extensions of spec section 5, in the order the spec lists them. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const;

/** The Person tag roles of spec section 3. */
export const PersonRole = z.enum(['primary_subject', 'spouse', 'child', 'parent', 'sibling', 'other_relative']);
export type PersonRole = z.infer<typeof PersonRole>;

/** A region of an image as fractions (0..1) of its width and height, from the top left. */
export const ImageRegion = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type ImageRegion = z.infer<typeof ImageRegion>;

export const PersonTag = z.object({
  name: z.string().trim().min(1, 'a name is required').max(200),
  role: PersonRole,
  /** Set when the tag names a detected face (`faces[].id`); its region is copied from the face. */
  faceId: z.string().max(64).optional(),
  region: ImageRegion.optional(),
});
export type PersonTag = z.infer<typeof PersonTag>;

export const DocumentType = z.enum(['photo', 'census', 'birth', 'marriage', 'death', 'obituary', 'military', 'letter', 'journal', 'other']);
export type DocumentType = z.infer<typeof DocumentType>;

/**
 * A date as the document wrote it and in a sortable normal form: `YYYY`, `YYYY-MM` or
 * `YYYY-MM-DD`; a range is `start/end` (ISO 8601 interval). A double-dated year ("1849/50",
 * Julian/Gregorian) normalises to the later, modern year.
 */
export const DocumentDateQualifier = z.enum(['exact', 'about', 'before', 'after', 'between', 'dual_year']);
export const DateInfoItem = z.object({
  original: z.string(),
  normalized: z.string(),
  qualifier: DocumentDateQualifier,
  /** The (first) year, for sorting and filtering. */
  year: z.number().int(),
});
export type DateInfoItem = z.infer<typeof DateInfoItem>;

export const DocumentPlaceKind = z.enum(['town', 'county', 'state', 'country']);
export const GeoInfoItem = z.object({
  name: z.string(),
  kind: DocumentPlaceKind,
  /** ISO 3166-1 alpha-2 country code when the gazetteer knows it. */
  countryCode: z.string().optional(),
  /** The state or province (name) when known. */
  state: z.string().optional(),
});
export type GeoInfoItem = z.infer<typeof GeoInfoItem>;

export const DocumentProcessingStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
export type DocumentProcessingStatus = z.infer<typeof DocumentProcessingStatus>;

/** Step codes of a running processing task (Paperless-style), with page progress for OCR and rendering. */
export const DocumentProcessingStepCode = z.enum(['queued', 'reading', 'text', 'ocr', 'rendering', 'thumbnail', 'extracting', 'saving', 'done', 'failed']);
export const DocumentProcessingStep = z.object({
  step: DocumentProcessingStepCode,
  page: z.number().int().optional(),
  of: z.number().int().optional(),
  /** Tries made so far (1 on the first run). */
  attempt: z.number().int().optional(),
});
export type DocumentProcessingStep = z.infer<typeof DocumentProcessingStep>;

export const DocumentPageImage = z.object({ pageNumber: z.number().int().min(1), width: z.number().int().optional(), height: z.number().int().optional() });

/**
 * A face found in a photo by the documents worker. `suggestion` is "this may be the same person
 * as …": the closest tagged face among the same user's photos (never another user's).
 */
export const DetectedFace = z.object({
  id: z.string(),
  region: ImageRegion,
  score: z.number(),
  suggestion: z.object({ name: z.string(), documentId: z.string(), faceId: z.string(), similarity: z.number() }).nullable(),
});
export type DetectedFace = z.infer<typeof DetectedFace>;

/** A document as the list and detail answers show it (the detail adds `extractedText`). */
export const DocumentRecord = z.object({
  _id: ObjectId,
  originalName: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  documentType: DocumentType,
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadDate: z.string(),
  processingStatus: DocumentProcessingStatus,
  processingStep: DocumentProcessingStep.nullable(),
  processingError: z.string().nullable(),
  processedAt: z.string().nullable(),
  tags: z.array(z.string()),
  peopleIdentified: z.array(PersonTag),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  occupations: z.array(z.string()),
  pageCount: z.number().int().nullable(),
  pageImages: z.array(DocumentPageImage),
  hasThumbnail: z.boolean(),
  textLength: z.number().int(),
  extractionMethod: z.enum(['rules', 'llm']).nullable(),
  /** Faces detected in a photo (empty for other documents), each with a suggestion of who it may be. */
  faces: z.array(DetectedFace).optional(),
  /** A short-lived token scoped to this document for the view, page and thumbnail URLs. */
  viewToken: z.string(),
  viewTokenExpiresAt: z.string(),
  extractedText: z.string().optional(),
  /** A filled GNology Journal's form, read back into ancestors, sources and log (journals only). */
  journal: Journal.optional(),
});
export type DocumentRecord = z.infer<typeof DocumentRecord>;

/** PUT /api/documents/:id — the full list of people (the gallery adds or removes one tag at a time). */
export const UpdateDocumentBody = z.object({ peopleIdentified: z.array(PersonTag).max(500) });
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBody>;

export const AnalysisDocument = z.object({ _id: ObjectId, originalName: z.string(), documentType: DocumentType, uploadedAt: z.string(), size: z.number().int() });

/** POST /internal/documents/context — the research service's view of a user's documents. */
export const DocumentContextRequest = z.object({ userId: z.string().min(1), documentIds: z.array(z.string()).max(100) });
export type DocumentContextRequest = z.infer<typeof DocumentContextRequest>;

export const DocumentContext = z.object({
  _id: ObjectId,
  originalName: z.string(),
  documentType: DocumentType,
  extractedText: z.string(),
  peopleIdentified: z.array(PersonTag),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  occupations: z.array(z.string()),
  tags: z.array(z.string()),
  uploadedAt: z.string(),
  /** The structured journal when the document is a filled GNology Journal. */
  journal: Journal.optional(),
  /** Each page's text, for documents of more than one page (citations name the page). */
  pages: z.array(z.object({ pageNumber: z.number().int().min(1), text: z.string() })).optional(),
});
export type DocumentContext = z.infer<typeof DocumentContext>;
export const DocumentContextResponse = z.object({ documents: z.array(DocumentContext) });
export type DocumentContextResponse = z.infer<typeof DocumentContextResponse>;

/** What extraction produces (rules or LLM), stored on the document and carried by `document.processed`. */
export const DocumentEntities = z.object({
  peopleIdentified: z.array(PersonTag),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  occupations: z.array(z.string()),
  tags: z.array(z.string()),
  documentType: DocumentType,
});
export type DocumentEntities = z.infer<typeof DocumentEntities>;
