import type { Kysely, Migration } from 'kysely';

/**
 * The version of the rules extractor that produced a document's entities (issue 15). Existing
 * documents start at 0; the `reextract` maintenance job (library/jobs/reextract.ts) reads every completed
 * rules-extracted document below EXTRACTOR_VERSION again from its stored text, without OCR, and
 * stamps it. The partial index keeps that job's scan cheap once everything is current.
 */
export const extractorVersionMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('documents')
      .addColumn('extractor_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('documents_extractor_version_idx')
      .on('documents')
      .columns(['extractor_version', 'id'])
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('documents_extractor_version_idx').ifExists().execute();
    await db.schema.alterTable('documents').dropColumn('extractor_version').execute();
  },
};
