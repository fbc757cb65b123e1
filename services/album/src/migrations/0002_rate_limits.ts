import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Fixed-window counters (decision 0213), as the auth service keeps its own (decision 0013): in
 * Postgres, so every replica of the album service sees the same count for a user.
 */
export const rateLimitsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('rate_limits').ifExists().execute();
  },
};
