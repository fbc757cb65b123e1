import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The metering schema. `ledger_entries` is the history (grants, reservations, releases, usage,
 * resets, overage); `accounts` holds each account's running totals, updated in the same
 * transaction as the entries it sums, so a reservation locks one row instead of summing history.
 */
export const ledgerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text')
      .addColumn('name', 'text')
      .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('trial', 'professional', 'test', 'basic')`))
      .addColumn('allowance', 'bigint', (c) => c.notNull())
      .addColumn('used', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
      .addColumn('held', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`held >= 0`))
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('overage_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('period_input', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('period_output', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('period_saved', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('period_requests', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('period_start', 'timestamptz', (c) => c.notNull())
      .addColumn('period_end', 'timestamptz')
      .addColumn('anchor_at', 'timestamptz', (c) => c.notNull())
      .addColumn('interval', 'text')
      .addColumn('paid_until', 'timestamptz')
      .addColumn('access_until', 'timestamptz')
      .addColumn('stripe_customer_id', 'text')
      .addColumn('stripe_subscription_id', 'text')
      // Bumped by every write: the optimistic fast path writes only if nobody wrote since it read.
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // The totals must always add up; a bug that breaks them fails the transaction instead of corrupting money.
      .addCheckConstraint('accounts_balance_adds_up', sql`balance = allowance - used - held`)
      .execute();
    // Every reserve and settle rewrites its account row and no indexed column: room on each page
    // lets Postgres keep the new version there (HOT update) without touching the indexes.
    await sql`alter table accounts set (fillfactor = 70)`.execute(db);
    await sql`create index accounts_stripe_customer_idx on accounts (stripe_customer_id) where stripe_customer_id is not null`.execute(
      db,
    );
    await sql`create index accounts_stripe_subscription_idx on accounts (stripe_subscription_id) where stripe_subscription_id is not null`.execute(
      db,
    );
    // The lifecycle sweep's scan: accounts whose period or paid access ends.
    await sql`create index accounts_period_end_idx on accounts (period_end) where plan in ('professional', 'test')`.execute(
      db,
    );
    await sql`create index accounts_access_until_idx on accounts (access_until) where access_until is not null`.execute(
      db,
    );

    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('grant', 'reservation', 'release', 'usage', 'reset', 'overage')`),
      )
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('tokens', 'bigint', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('meta', 'jsonb')
      // Overage entries only: 'pending' until reported to Stripe as a meter event, or 'not_billed' with billing off.
      .addColumn('report_status', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index ledger_entries_user_idx on ledger_entries (user_id, id)`.execute(db);
    await sql`create index ledger_entries_unreported_idx on ledger_entries (id) where report_status = 'pending'`.execute(
      db,
    );

    await db.schema
      .createTable('reservations')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('held', 'settled', 'released', 'expired', 'refused')`),
      )
      // The answer given, so a repeat of the same request id gets it again.
      .addColumn('response_status', 'integer', (c) => c.notNull())
      .addColumn('response', 'jsonb', (c) => c.notNull())
      .addColumn('settle_response', 'jsonb')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .execute();
    await sql`create index reservations_expiry_idx on reservations (expires_at) where status = 'held'`.execute(db);
    await sql`alter table reservations set (fillfactor = 80)`.execute(db);

    await db.schema
      .createTable('stripe_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stripe_events').ifExists().execute();
    await db.schema.dropTable('reservations').ifExists().execute();
    await db.schema.dropTable('ledger_entries').ifExists().execute();
    await db.schema.dropTable('accounts').ifExists().execute();
  },
};
