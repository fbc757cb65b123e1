import type { Kysely, Migration } from 'kysely';

/**
 * Metered model extraction (issue 29 point 6, decision 0214): when a model is configured but did
 * not read the document (no tokens left, billing unreachable), `extraction_note` says so in plain
 * words on the document's record; the rules' extraction is kept. Null otherwise.
 */
export const extractionNoteMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema.alterTable('documents').addColumn('extraction_note', 'text').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.alterTable('documents').dropColumn('extraction_note').execute();
  },
};
