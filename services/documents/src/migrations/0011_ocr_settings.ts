import { type Kysely, type Migration, sql } from 'kysely';

/**
 * OCR languages and reading quality (issue 14). A document keeps the languages it is read in (the
 * upload's choice, else its account's); each page keeps how sure OCR was, the quarter turns and
 * skew that made it upright, and its word boxes. `ocr_settings` holds an account's choice, one
 * row per owner (no row: English). `reprocess_count` numbers a document's "Read again" runs: each
 * run is a job of its own id (`doc-<id>-r<n>`), since the first run's finished job keeps its id.
 */
export const ocrSettingsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('documents')
      .addColumn('ocr_languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'["eng"]'::jsonb`))
      .addColumn('reprocess_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('document_pages')
      .addColumn('confidence', 'real')
      .addColumn('rotation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skew', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
    await db.schema
      .createTable('ocr_settings')
      .addColumn('owner_id', 'text', (c) => c.primaryKey())
      .addColumn('languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'["eng"]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('ocr_settings').ifExists().execute();
    await db.schema
      .alterTable('document_pages')
      .dropColumn('words')
      .dropColumn('skew')
      .dropColumn('rotation')
      .dropColumn('confidence')
      .execute();
    await db.schema.alterTable('documents').dropColumn('reprocess_count').dropColumn('ocr_languages').execute();
  },
};
