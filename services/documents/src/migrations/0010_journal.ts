import type { Kysely, Migration } from 'kysely';

/** A filled GNology Journal's structured form (decision 0072): null for every other document. */
export const journalMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('documents').addColumn('journal', 'jsonb').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.alterTable('documents').dropColumn('journal').execute();
  },
};
