import { type Kysely, type Migration, sql } from 'kysely';

/**
 * An unsettled reservation that expires is charged its held amount instead of being given back
 * (decision 0086): a research process that died after the model answered must not make the
 * answer free. `expired_charge` records that charge, so a completion that arrives later (through
 * the `research.completed` event) replaces it with the real usage.
 */
export const expiryChargeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table reservations add column expired_charge bigint not null default 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table reservations drop column if exists expired_charge`.execute(db);
  },
};
