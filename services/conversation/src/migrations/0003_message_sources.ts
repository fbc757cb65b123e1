import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 16: an answer keeps the documents the library search found for it ("Sources used"), so a
 * conversation opened later still shows them with their pages. Null for older answers and for
 * answers built only from the selected documents.
 */
export const messageSourcesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    await sql`alter table messages add column sources jsonb`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`alter table messages drop column if exists sources`.execute(db);
  },
};
