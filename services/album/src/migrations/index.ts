import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { albumsMigration } from './0001_albums';

/** The album schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_albums': albumsMigration,
};
