import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { conversationsMigration } from './0001_conversations';
import { selectionAndTitleMigration } from './0002_conversation_selection_and_title';
import { messageSourcesMigration } from './0003_message_sources';
import { searchUserLexemesMigration } from './0004_search_user_lexemes';

/** The conversation schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_conversations': conversationsMigration,
  '0002_conversation_selection_and_title': selectionAndTitleMigration,
  '0003_message_sources': messageSourcesMigration,
  '0004_search_user_lexemes': searchUserLexemesMigration,
};
