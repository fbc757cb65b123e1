import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { researchMigration } from './0001_research';
import { inFlightMigration } from './0002_in_flight';
import { booksMigration } from './0003_books';

/** The research schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_research': researchMigration,
  '0002_in_flight': inFlightMigration,
  '0003_books': booksMigration,
};
