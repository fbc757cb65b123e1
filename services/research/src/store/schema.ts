import type { RequestType } from '@gnology/contracts';
import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated } from 'kysely';
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

export interface ResearchDB extends EventsTables {
  generations: GenerationsTable;
  book_projects: BookProjectsTable;
  requests_in_flight: RequestsInFlightTable;
}
