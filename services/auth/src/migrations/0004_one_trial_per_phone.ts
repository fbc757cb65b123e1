import { type Kysely, type Migration, sql } from 'kysely';

/**
 * One free trial per verified phone number (issue 29, point 4, docs/decisions/0211-one-trial-per-phone.md).
 *
 * `trial_claims` holds one row per E.164 number whose trial has been given, keyed by the number:
 * the insert at phone verification either claims it or finds it taken, and the primary key decides
 * a race. It is a table of its own rather than a unique index on `users.phone`, because numbers
 * already verified on several accounts must not break this migration (those accounts keep what
 * they have), and because a claim outlives its account (deleting the account frees no trial), so
 * `user_id` has no foreign key.
 *
 * The backfill gives each number already verified to its earliest non-test account.
 * `users.no_trial_reason` records why an account started without the trial, for the user to read.
 */
export const oneTrialPerPhoneMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('trial_claims')
      .addColumn('phone', 'text', (c) => c.primaryKey().check(sql`phone ~ '^\\+[1-9][0-9]{3,14}$'`))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('no_trial_reason', 'text', (c) => c.check(sql`no_trial_reason in ('phone-already-used')`))
      .execute();
    await sql`
      insert into trial_claims (phone, user_id, claimed_at)
      select distinct on (phone) phone, id, created_at
      from users
      where phone_verified and not is_test_user
      order by phone, created_at, id
      on conflict (phone) do nothing
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('no_trial_reason').execute();
    await db.schema.dropTable('trial_claims').execute();
  },
};
