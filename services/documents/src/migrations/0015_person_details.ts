import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Record roles and titles of the people a document names (issue 15, decision 0180): extraction's
 * `personDetails` (`PersonDetail` in @gnology/contracts), one entry per name, kept beside
 * `people_identified` rather than inside it so the tags users edit keep their shape. Existing
 * documents start empty; the reextract job (EXTRACTOR_VERSION bumped) fills them from stored text.
 */
export const personDetailsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('documents')
      .addColumn('person_details', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.alterTable('documents').dropColumn('person_details').execute();
  },
};
