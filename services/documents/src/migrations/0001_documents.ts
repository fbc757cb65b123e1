import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Documents, their pages and their processing tasks. A page is keyed by (document, page number)
 * so a re-run of a job overwrites rather than duplicates; tasks are one per document (the job id
 * is the document id) and keep the step, progress and last error of the processing.
 */
export const documentsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('documents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('mimetype', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull().defaultTo('other'))
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('processing_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('processed_at', 'timestamptz')
      .addColumn('extracted_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('text_length', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('people_identified', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('date_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('geographical_info', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('occupations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('page_count', 'integer')
      .addColumn('ocr_pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('thumbnail_key', 'text')
      .addColumn('extraction_method', 'text')
      .addCheckConstraint(
        'documents_status_check',
        sql`processing_status in ('pending', 'processing', 'completed', 'failed')`,
      )
      .execute();
    await sql`create index documents_owner_uploaded_idx on documents (owner_id, uploaded_at desc, id desc)`.execute(db);

    await db.schema
      .createTable('document_pages')
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('page_number', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('ocr', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('image_key', 'text')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addPrimaryKeyConstraint('document_pages_pkey', ['document_id', 'page_number'])
      .execute();

    await db.schema
      .createTable('processing_tasks')
      .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('step', 'jsonb')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('started_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('processing_tasks').ifExists().execute();
    await db.schema.dropTable('document_pages').ifExists().execute();
    await db.schema.dropTable('documents').ifExists().execute();
  },
};
