import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { albumsMigration } from './0001_albums';
import { rateLimitsMigration } from './0002_rate_limits';

/** The album schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_albums': albumsMigration,
  '0002_rate_limits': rateLimitsMigration,
};
