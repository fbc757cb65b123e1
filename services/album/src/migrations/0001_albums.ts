import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Albums: the request as the user made it (photos as JSON, in order), and the render's status,
 * progress and result. The PDF itself lives in object storage under `storage_key`.
 */
export const albumsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('albums')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('include_metadata', 'boolean', (c) => c.notNull())
      .addColumn('photos', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
      .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('progress_total', 'integer', (c) => c.notNull())
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('page_count', 'integer')
      .addColumn('size', 'bigint')
      .addColumn('storage_key', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('completed_at', 'timestamptz')
      .addCheckConstraint('albums_status_check', sql`status in ('queued', 'rendering', 'completed', 'failed')`)
      .addCheckConstraint('albums_style_check', sql`style in ('classic', 'modern', 'vintage', 'minimal')`)
      .execute();
    await sql`create index albums_owner_created_idx on albums (owner_id, created_at desc, id desc)`.execute(db);
    // The stale-album sweep's scan.
    await sql`create index albums_unfinished_idx on albums (updated_at) where status in ('queued', 'rendering')`.execute(
      db,
    );
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('albums').ifExists().execute();
  },
};
