import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The platform's outbox trigger NOTIFYs the relay on every insert. In PostgreSQL a transaction
 * that NOTIFYs takes a cluster-wide lock at commit and holds it through the WAL flush, so such
 * commits happen one at a time: with a `tokens.consumed` event on every settle, metering ran at
 * a third of its speed (bench/billing, decision 0036). Here only the rare events (plan changes,
 * which the auth service shows) wake the relay at once; `tokens.consumed` is picked up by the
 * relay's regular poll (every 200 ms).
 */
export const quietOutboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`drop trigger if exists outbox_notify on outbox`.execute(db);
    await sql`
      create trigger outbox_notify_rare after insert on outbox
      for each row when (new.payload ->> 'type' is distinct from 'tokens.consumed')
      execute function outbox_notify()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists outbox_notify_rare on outbox`.execute(db);
    await sql`create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify()`.execute(
      db,
    );
  },
};
