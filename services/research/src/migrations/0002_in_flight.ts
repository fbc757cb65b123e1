import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Research requests in flight, per user and per client address (issue 11: a trial user could
 * start any number of model calls at once). A row lives from the reservation to the answer
 * (for chapter and book jobs, to the generation's end); `expires_at` lets a process that died
 * not hold a slot for ever.
 */
export const inFlightMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('requests_in_flight')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text')
      .addColumn('trial', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index requests_in_flight_user_idx on requests_in_flight (user_id, expires_at)`.execute(db);
    await sql`create index requests_in_flight_ip_idx on requests_in_flight (client_ip, expires_at) where trial`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('requests_in_flight').ifExists().execute();
  },
};
