import { z } from 'zod';
import { ObjectId } from './common';
import { Journal } from './journal';
import { OCR_LANGUAGES, type OcrLanguage, OcrLanguageCode, OcrLanguages } from './ocr';

/**
 * Documents API bodies (docs/contract.md#entities, #api). Field names are the contract's: `_id`, `originalName`,
 * `filename`, `mimetype`, `documentType`, `size`, `uploadedAt` (and `uploadDate`, the name the
 * dashboard reads), `processingStatus`, `peopleIdentified`, `dateInfo`, `geographicalInfo`, ...
 */

/** The upload limit of docs/contract.md#uploads: 200 MB (binary megabytes, as browsers and the gateway count them). */
export const DOCUMENT_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE_MESSAGE = 'File too large! Maximum file size is 200MB. Please choose a smaller file.';
/**
 * What a multipart upload body may carry beyond its file: the boundaries, the part headers and the
 * small fields (languages). The gateway checks the body's declared length against the file limit
 * plus this, so a file of exactly the limit is accepted wherever it is checked (the web checks the
 * file's own size, the documents service counts the file's bytes).
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The largest upload body the gateway lets through to the documents service. */
export const DOCUMENT_UPLOAD_BODY_LIMIT_BYTES = DOCUMENT_UPLOAD_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES;
/** The accepted extensions of docs/contract.md#uploads, in the order the contract lists them. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const;

/** The Person tag roles of docs/contract.md#entities. */
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

/**
 * The part a person plays in the record itself, as its wording says (the bride, a witness, the
 * informant, the head of a census household), beside `role`, which relates them to the primary subject.
 */
export const RecordRole = z.enum([
  'groom',
  'bride',
  'father_of_groom',
  'mother_of_groom',
  'father_of_bride',
  'mother_of_bride',
  'witness',
  'officiant',
  'informant',
  'deceased',
  'sponsor',
  'father',
  'mother',
  'head',
  'wife',
  'husband',
  'son',
  'daughter',
  'servant',
  'boarder',
  'testator',
  'executor',
  'next_of_kin',
]);
export type RecordRole = z.infer<typeof RecordRole>;

/**
 * What extraction read about a person beside their tag: the part they play in the record and a
 * title or honorific kept apart from the name ("Rev.", "Esq.", "Knight"). Keyed by the tag's name;
 * a separate list so that `PersonTag` (which users edit) keeps its shape.
 */
export const PersonDetail = z.object({
  name: z.string().max(200),
  recordRole: RecordRole.optional(),
  title: z.string().max(60).optional(),
  /*
   * Facts the record ties to this person by its wording, set only when a sentence (or a census row)
   * says them of this person: "Thomas Whitfield … died on March 3, 1902, … aged 71 years" gives
   * Thomas `died` and `age`, never the letter's writer. Dates are normalized like
   * `DateInfoItem.normalized` (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`).
   */
  /** The age the record states: at `died` when that is set, else at the record's own date (a census's, a marriage's). */
  age: z.number().int().min(0).max(130).optional(),
  /** The birth date the record states for this person ("born the tenth of February 1889"; a census row's birth month and year when its age agrees). */
  born: z.string().max(40).optional(),
  /** The baptism or christening date the record states for this person. */
  baptized: z.string().max(40).optional(),
  /** The death date the record states for this person ("passed away on the 3rd of this month" read against the letter's dateline). */
  died: z.string().max(40).optional(),
  /** The trade a directory entry or list gives this person ("tailleur"), as written. */
  occupation: z.string().max(100).optional(),
  /** The street address a directory entry gives this person ("r. de Chartres, 12"), as written. */
  address: z.string().max(200).optional(),
  /**
   * Set when the record names this person without stating any tie to its subject or any part in it
   * (the councillors a newspaper lists): their `other_relative` is then only the role list's "anyone
   * else", not a kinship, and is shown and used as none.
   */
  namedOnly: z.literal(true).optional(),
});
export type PersonDetail = z.infer<typeof PersonDetail>;

export const PersonTag = z.object({
  name: z.string().trim().min(1, 'a name is required').max(200),
  role: PersonRole,

  /** Set when the tag names a detected face (`faces[].id`); its region is copied from the face. */
  faceId: z.string().max(64).optional(),
  region: ImageRegion.optional(),
});
export type PersonTag = z.infer<typeof PersonTag>;

export const DocumentType = z.enum([
  'photo',
  'census',
  'birth',
  'marriage',
  'death',
  'obituary',
  'military',
  'letter',
  'journal',
  'other',
]);
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
  /** Set when the record marks the calendar: "O.S." (Old Style, Julian) or "N.S." (New Style, Gregorian). */
  calendar: z.enum(['julian', 'gregorian']).optional(),
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
export const DocumentProcessingStepCode = z.enum([
  'queued',
  'reading',
  'text',
  'ocr',
  'rendering',
  'thumbnail',
  'extracting',
  'saving',
  'done',
  'failed',
]);
export const DocumentProcessingStep = z.object({
  step: DocumentProcessingStepCode,
  page: z.number().int().optional(),
  of: z.number().int().optional(),
  /** Tries made so far (1 on the first run). */
  attempt: z.number().int().optional(),
});
export type DocumentProcessingStep = z.infer<typeof DocumentProcessingStep>;

export const DocumentPageImage = z.object({
  pageNumber: z.number().int().min(1),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});

/**
 * How a page was read (issue 14): whether by OCR, and OCR's mean word confidence (0–100; null when
 * the text came from a PDF text layer or a file). Pages below LOW_OCR_CONFIDENCE are listed in the
 * record's `lowConfidencePages`.
 */
export const DocumentPageReading = z.object({
  pageNumber: z.number().int().min(1),
  ocr: z.boolean(),
  confidence: z.number().min(0).max(100).nullable(),
  /** The page's text is a vision model's transcription of handwriting (its OCR reading is kept; decision 0155). */
  transcribedByAi: z.boolean().optional(),
  /** Why a low-confidence page kept its OCR text: no model configured, no tokens left, the model failed. */
  handwritingNote: z.string().nullable().optional(),
});
export type DocumentPageReading = z.infer<typeof DocumentPageReading>;

/**
 * A face found in a photo by the documents worker. `suggestion` is "this may be the same person
 * as …": the closest tagged face among the same user's photos (never another user's).
 */
export const DetectedFace = z.object({
  id: z.string(),
  region: ImageRegion,
  score: z.number(),
  suggestion: z
    .object({ name: z.string(), documentId: z.string(), faceId: z.string(), similarity: z.number() })
    .nullable(),
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
  /** Each named person's part in the record and title, as extraction read them (empty for documents read before, until re-extracted). */
  personDetails: z.array(PersonDetail).optional(),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  occupations: z.array(z.string()),
  pageCount: z.number().int().nullable(),
  pageImages: z.array(DocumentPageImage),
  /** The languages the document is (or is being) read in: the upload's choice, else the account's. */
  ocrLanguages: z.array(OcrLanguageCode),
  /** Each stored page and how surely it was read (empty until processing has saved pages). */
  pages: z.array(DocumentPageReading),
  /** Pages read with a confidence below LOW_OCR_CONFIDENCE: "read with low confidence — check the image". */
  lowConfidencePages: z.array(z.number().int().min(1)),
  hasThumbnail: z.boolean(),
  textLength: z.number().int(),
  extractionMethod: z.enum(['rules', 'llm']).nullable(),
  /** Why the configured AI model did not read the document's facts (no tokens left, billing unreachable): the rules did (issue 29, point 6). */
  extractionNote: z.string().optional(),
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

/** The most tags a document keeps, and the longest tag (decision 0216). */
export const MAX_DOCUMENT_TAGS = 50;
export const MAX_TAG_LENGTH = 40;

/**
 * One tag a user sets: trimmed, 1–40 characters, no control characters. Its case is kept as
 * written; tags compare without regard to case (the server drops a repeat in another case).
 */
export const DocumentTag = z
  .string()
  .trim()
  .min(1, 'a tag cannot be blank')
  .max(MAX_TAG_LENGTH, `a tag has at most ${MAX_TAG_LENGTH} characters`)
  .regex(/^\P{Cc}+$/u, 'a tag cannot hold control characters');

/**
 * PUT /api/documents/:id — the full list of people (the gallery adds or removes one person at a
 * time), the full list of tags (issue 30), or both; at least one.
 */
export const UpdateDocumentBody = z
  .object({
    peopleIdentified: z.array(PersonTag).max(500).optional(),
    tags: z.array(DocumentTag).max(MAX_DOCUMENT_TAGS).optional(),
  })
  .refine((b) => b.peopleIdentified !== undefined || b.tags !== undefined, {
    message: 'Send peopleIdentified, tags or both',
  });
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBody>;

/** GET and PUT /api/documents/settings/ocr: the account's OCR languages (English until chosen). */
export const OcrSettings = z.object({ languages: OcrLanguages });
export type OcrSettings = z.infer<typeof OcrSettings>;

/** POST /api/documents/:id/reprocess — read the document again, in these languages when given (else the ones it was read in). */
export const ReprocessDocumentBody = z.object({ languages: OcrLanguages.optional() });
export type ReprocessDocumentBody = z.infer<typeof ReprocessDocumentBody>;

const LANGUAGE_CHOICES = Object.entries(OCR_LANGUAGES)
  .map(([code, label]) => `${code} (${label})`)
  .join(', ');

/**
 * Why a choice of OCR languages is refused, in words a person can act on; null when it is valid.
 * Used for the settings, "Read again" and the upload's `languages` field alike.
 */
export function ocrLanguagesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'Send languages as a list of language codes, for example ["deu", "eng"].';
  const parsed = OcrLanguages.safeParse(value);
  if (parsed.success) return null;
  const unknown = value.find((v) => !OcrLanguageCode.safeParse(v).success);
  if (unknown !== undefined)
    return `"${String(unknown).slice(0, 20)}" is not a language GNology reads. Choose from: ${LANGUAGE_CHOICES}.`;
  return parsed.error.issues[0]?.message ?? 'Choose one to three languages.';
}

/** The upload's optional `languages` form field: comma-separated codes such as `deu,eng`. */
export function parseLanguagesField(value: string): { languages: OcrLanguage[] } | { error: string } {
  const codes = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const parsed = OcrLanguages.safeParse(codes);
  return parsed.success
    ? { languages: parsed.data }
    : { error: ocrLanguagesProblem(codes) ?? 'Choose one to three languages.' };
}

export const AnalysisDocument = z.object({
  _id: ObjectId,
  originalName: z.string(),
  documentType: DocumentType,
  uploadedAt: z.string(),
  size: z.number().int(),
});

/** POST /internal/documents/context — the research service's view of a user's documents. */
export const DocumentContextRequest = z.object({
  userId: z.string().min(1),
  documentIds: z.array(z.string()).max(100),
});
export type DocumentContextRequest = z.infer<typeof DocumentContextRequest>;

export const DocumentContext = z.object({
  _id: ObjectId,
  originalName: z.string(),
  documentType: DocumentType,
  extractedText: z.string(),
  peopleIdentified: z.array(PersonTag),
  /** Each tagged person's part in the record (bride, father of the groom, witness…), as extraction read it: Gene answers from it (issue 28). */
  personDetails: z.array(PersonDetail).optional(),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  occupations: z.array(z.string()),
  tags: z.array(z.string()),
  uploadedAt: z.string(),
  /** The structured journal when the document is a filled GNology Journal. */
  journal: Journal.optional(),
  /** Each page's text, for documents of more than one page (citations name the page). */
  pages: z.array(z.object({ pageNumber: z.number().int().min(1), text: z.string() })).optional(),
  /** Its Evidence Explained-style source citation (decision 0186), for Gene's answers. */
  citation: z.string().optional(),
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
  /** Record roles and titles of the people tagged (optional: older documents and the LLM may not have them). */
  personDetails: z.array(PersonDetail).optional(),
});
export type DocumentEntities = z.infer<typeof DocumentEntities>;
