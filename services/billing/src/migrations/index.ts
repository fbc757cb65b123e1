import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { ledgerMigration } from './0001_ledger';
import { quietOutboxMigration } from './0002_quiet_outbox';
import { expiryChargeMigration } from './0003_expiry_charge';
import { compactJournalMigration } from './0004_compact_journal';

/** The billing schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_ledger': ledgerMigration,
  '0002_quiet_outbox': quietOutboxMigration,
  '0003_expiry_charge': expiryChargeMigration,
  '0004_compact_journal': compactJournalMigration,
};
