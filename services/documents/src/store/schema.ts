import type {
  DateInfoItem,
  DocumentProcessingStep,
  GeoInfoItem,
  Journal,
  OcrLanguage,
  PersonDetail,
  PersonTag,
} from '@gnology/contracts';
import type { TagEdits } from '../library/domain/tag-edits';
import type { PageWord } from '../library/domain/parsed-page';
import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PeopleTables } from '../people/store/people-schema';
import type { TreeTables } from '../people/store/tree-schema';
import type { HintTables } from '../people/store/people-hints-schema';

// The people index's tables live in their own file (its owner's); every DB type is reachable from here.
export type {
  IndividualFactsJson,
  IndividualRow,
  MentionRow,
  PeopleIndividualsTable,
  PeopleMentionsTable,
  PeoplePinsTable,
  PeopleTables,
} from '../people/store/people-schema';

/** JSON columns are written as JSON text (node-postgres would turn a JS array into a Postgres array). */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface DocumentsTable {
  id: string;
  owner_id: string;
  original_name: string;
  filename: string;
  mimetype: string;
  kind: string;
  document_type: Generated<string>;
  size: number;
  storage_key: string;
  uploaded_at: Generated<Date>;
  processing_status: Generated<'pending' | 'processing' | 'completed' | 'failed'>;
  processed_at: Date | null;
  extracted_text: Generated<string>;
  text_length: Generated<number>;
  people_identified: Json<PersonTag[]>;
  date_info: Json<DateInfoItem[]>;
  geographical_info: Json<GeoInfoItem[]>;
  occupations: Json<string[]>;
  tags: Json<string[]>;
  page_count: number | null;
  ocr_pages: Generated<number>;
  thumbnail_key: string | null;
  extraction_method: 'rules' | 'llm' | null;
  /** Why a configured model did not read the document (migration 0017): no tokens left, billing unreachable. */
  extraction_note: Generated<string | null>;
  /** A filled GNology Journal's fields (migration 0010); null for other documents. */
  journal: ColumnType<Journal | null, string | null | undefined, string | null>;
  /** The languages the document is read in (migration 0011): the upload's choice, else its account's. */
  ocr_languages: Json<OcrLanguage[]>;
  /** "Read again" runs so far; the n-th run's job id is `doc-<id>-r<n>` (library/jobs/enqueue.ts). */
  reprocess_count: Generated<number>;
  /** The rules extractor's version that produced the entities (migration 0012); the reextract job brings older ones up to EXTRACTOR_VERSION. */
  extractor_version: Generated<number>;
  /** Record roles and titles of the people named (migration 0015): extraction's `personDetails`. */
  person_details: Json<PersonDetail[]>;
  /** What the user added to and removed from `tags` (migration 0019, decision 0217); null until they first edit them. */
  tag_edits: ColumnType<TagEdits | null, string | null | undefined, string | null>;
}

export interface DocumentPagesTable {
  document_id: string;
  page_number: number;
  text: Generated<string>;
  ocr: Generated<boolean>;
  image_key: string | null;
  width: number | null;
  height: number | null;
  /** Mean OCR word confidence 0–100 (migration 0011); null when the text was not OCR'd. */
  confidence: number | null;
  /** Clockwise quarter turns applied before reading (0, 90, 180, 270). */
  rotation: Generated<number>;
  /** Degrees of skew straightened before reading. */
  skew: Generated<number>;
  words: Json<PageWord[]>;
  /** The OCR reading of a page whose `text` a model transcribed (migration 0013); else null. */
  ocr_text: Generated<string | null>;
  /** `ai:<model>` when the page's text is a model's transcription of handwriting. */
  transcribed_by: Generated<string | null>;
  /** Why a low-confidence page was not transcribed (no model, no tokens, the model failed). */
  handwriting_note: Generated<string | null>;
}

/** An account's OCR languages (migration 0011); no row means English. */
export interface OcrSettingsTable {
  owner_id: string;
  languages: Json<OcrLanguage[]>;
  updated_at: Generated<Date>;
}

export interface ProcessingTasksTable {
  document_id: string;
  status: Generated<string>;
  step: Json<DocumentProcessingStep | null>;
  attempts: Generated<number>;
  error: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Generated<Date>;
}

export interface DocumentFacesTable {
  document_id: string;
  face_id: string;
  owner_id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
  descriptor: Buffer;
  created_at: Generated<Date>;
}

export interface DocumentsDB extends EventsTables, PeopleTables, TreeTables, HintTables {
  documents: DocumentsTable;
  document_pages: DocumentPagesTable;
  processing_tasks: ProcessingTasksTable;
  document_faces: DocumentFacesTable;
  ocr_settings: OcrSettingsTable;
  work_limits: WorkLimitsTable;
}

/** Per-user fixed-window counters of uploads and Read again (migration 0018, decision 0215). */
export interface WorkLimitsTable {
  key: string;
  count: number;
  window_started_at: Date;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocumentRow = Insertable<DocumentsTable>;
export type PageRow = Selectable<DocumentPagesTable>;
export type TaskRow = Selectable<ProcessingTasksTable>;
export type FaceRow = Selectable<DocumentFacesTable>;
