import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { accountsMigration } from './0001_accounts';
import { registrationDecoysMigration } from './0002_registration_decoys';
import { accessTokensMigration } from './0003_access_tokens';
import { oneTrialPerPhoneMigration } from './0004_one_trial_per_phone';

/** The auth schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_accounts': accountsMigration,
  '0002_registration_decoys': registrationDecoysMigration,
  '0003_access_tokens': accessTokensMigration,
  '0004_one_trial_per_phone': oneTrialPerPhoneMigration,
};
