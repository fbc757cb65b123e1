import { type Kysely, type Migration, sql } from 'kysely';

/** Accounts, promo codes, pending phone codes, SMS send log and login attempt counters. */
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('promo_codes')
      .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9-]{1,20}$'`))
      .addColumn('description', 'text')
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses is null or max_uses > 0`))
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'timestamptz')
      .addColumn('marks_test_user', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{24}$'`))
      .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(btrim(email))`))
      .addColumn('name', 'text')
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^\\+[1-9][0-9]{3,14}$'`))
      .addColumn('phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('promo_code', 'text', (c) => c.references('promo_codes.code'))
      .addColumn('plan', 'text', (c) => c.notNull().defaultTo('trial'))
      .addColumn('plan_changed_at', 'timestamptz')
      .addColumn('is_test_user', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('phone_verifications')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text')
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('sms_sends')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('registration', 'resend', 'login')`))
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('sms_sends_user_sent_idx').on('sms_sends').columns(['user_id', 'sent_at']).execute();

    // Fixed-window counters shared by every replica (login failures per e-mail and per IP, ...).
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_started_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['rate_limits', 'sms_sends', 'phone_verifications', 'users', 'promo_codes']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
