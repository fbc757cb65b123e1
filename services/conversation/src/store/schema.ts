import type { RetrievedSource } from '@gnology/contracts';
import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated } from 'kysely';

export interface ConversationsTable {
  id: string;
  user_id: string;
  title: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_activity: ColumnType<Date, Date | string | undefined, Date | string>;
  message_count: Generated<number>;
  /** Ids of the documents selected for the conversation, in the order chosen (only the owner's). */
  selected_documents: ColumnType<string[], string | undefined, string>;
  /** True while the title is the default one: the first question then names the conversation. */
  title_is_default: Generated<boolean>;
}

export interface MessagesTable {
  id: string;
  seq: Generated<number>;
  conversation_id: string;
  user_id: string;
  type: 'user' | 'assistant';
  content: string;
  request_type: 'regular' | 'chapter' | 'book';
  documents: ColumnType<string[] | null, string | null, string | null>;
  tokens: ColumnType<Record<string, number> | null, string | null, string | null>;
  token_balance: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  cost: number | null;
  /** The library documents an answer was built from (migration 0003); null when none. */
  sources: ColumnType<RetrievedSource[] | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface UserTermsTable {
  user_id: string;
  term: string;
}

export interface SurnameEquivalentsTable {
  name: string;
  group_id: number;
}

export interface ConversationDB extends EventsTables {
  conversations: ConversationsTable;
  messages: MessagesTable;
  user_terms: UserTermsTable;
  surname_equivalents: SurnameEquivalentsTable;
}
