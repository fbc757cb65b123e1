import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Per-user limits on work (issue 29 point 5, decision 0215): fixed-window counters, as auth keeps
 * its sign-in limits (decision 0013), so every replica of the documents service sees one count.
 * Keys: `upload:<user>`, `reprocess:<user>`.
 */
export const workLimitsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('work_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('work_limits').execute();
  },
};
