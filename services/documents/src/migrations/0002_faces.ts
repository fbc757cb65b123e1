import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Faces detected in photos: one row per (document, face id), with the owner copied on for the
 * per-user reads (the gallery lists every face of a user in one index scan), the box as fractions,
 * the detector's score and the 128-d descriptor (512 bytes of float32). Deleting the document
 * deletes its faces.
 */
export const facesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('document_faces')
      .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('face_id', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('x', 'real', (c) => c.notNull())
      .addColumn('y', 'real', (c) => c.notNull())
      .addColumn('width', 'real', (c) => c.notNull())
      .addColumn('height', 'real', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('descriptor', 'bytea', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('document_faces_pkey', ['document_id', 'face_id'])
      .execute();
    await sql`create index document_faces_owner_idx on document_faces (owner_id, document_id)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.dropTable('document_faces').ifExists().execute();
  },
};
