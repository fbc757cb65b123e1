import type { RequestType } from '@gnology/contracts';
import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated } from 'kysely';
import type { BookMark } from '../domain/book-marks';
import type { BookTrim, Endnote } from '../domain/manuscript';
import type { BookContext } from '../domain/model';

export type GenerationStatus = 'queued' | 'running' | 'completed' | 'stopped' | 'failed';

/** What a generation job needs to rebuild its request in any worker. */
export interface GenerationInput {
  query: string;
  documentIds: string[];
  /** The saved user message: history is what came before it. */
  userMessageId: string | null;
  bookProjectId: string | null;
  /** The book part this generation writes, fixed when it was asked for. */
  book: BookContext | null;
  /** Tokens billing holds for this generation: every model call of the job fits within them (decision 0085). */
  reservedTokens?: number;
}

export interface RequestsInFlightTable {
  request_id: string;
  user_id: string;
  client_ip: string | null;
  trial: boolean;
  expires_at: Date;
  created_at: Generated<Date>;
}

export interface GenerationsTable {
  id: string;
  user_id: string;
  conversation_id: string | null;
  request_type: RequestType;
  status: Generated<GenerationStatus>;
  stop_requested: Generated<boolean>;
  text: Generated<string>;
  input: ColumnType<GenerationInput, string, string>;
  provider: string | null;
  usage_input: Generated<number>;
  usage_output: Generated<number>;
  usage_saved: Generated<number>;
  error: string | null;
  error_status: number | null;
  result: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  book_project_id: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BookSectionRecord {
  title: string;
  summary: string;
}

export interface BookProjectsTable {
  id: string;
  user_id: string;
  title: string;
  outline: ColumnType<string[], string, string>;
  sections: ColumnType<BookSectionRecord[], string | undefined, string>;
  current_section: Generated<number>;
  section_complete: Generated<boolean>;
  tail: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type BookCompileStatus = 'none' | 'queued' | 'running' | 'done' | 'failed';
export type BookChapterStatus = 'empty' | 'writing' | 'written' | 'edited' | 'failed';
export type BookChapterSource = 'register' | 'model' | 'author';

/** A family history book (issue 33, migration 0003). */
export interface BooksTable {
  id: string;
  user_id: string;
  title: string;
  root_individual_id: string | null;
  conversation_id: string | null;
  book_project_id: string | null;
  generations: Generated<number>;
  trim: Generated<BookTrim>;
  outline: ColumnType<string[], string, string>;
  compile_status: Generated<BookCompileStatus>;
  compile_progress: Generated<number>;
  compile_error: string | null;
  compile_job_id: string | null;
  compile_count: Generated<number>;
  /** When the compile last moved (queued, progress): a compile silent for long was lost and may be started again. */
  compile_beat_at: Date | null;
  compiled_at: Date | null;
  manuscript_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BookChaptersTable {
  book_id: string;
  user_id: string;
  n: number;
  title: string;
  label: string | null;
  status: Generated<BookChapterStatus>;
  source: BookChapterSource | null;
  text: string | null;
  /** The endnotes the chapter's `[^n]` markers point at, numbered as its text numbers them. */
  notes: ColumnType<Endnote[], string | undefined, string>;
  /** The names and places a register chapter marked, laid again on the author's edit of it (the indexes). */
  marks: ColumnType<BookMark[], string | undefined, string>;
  generation_id: string | null;
  updated_at: Generated<Date>;
}

export interface ResearchDB extends EventsTables {
  generations: GenerationsTable;
  book_projects: BookProjectsTable;
  requests_in_flight: RequestsInFlightTable;
  books: BooksTable;
  book_chapters: BookChaptersTable;
}
