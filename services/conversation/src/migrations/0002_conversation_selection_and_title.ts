import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 13: a conversation remembers the documents selected for it, and knows whether its title
 * is still the default one (then its first question names it).
 * Existing conversations with no message and a "Research Session …" title count as untitled.
 */
export const selectionAndTitleMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    await sql`alter table conversations add column selected_documents jsonb not null default '[]'::jsonb`.execute(db);
    await sql`alter table conversations add column title_is_default boolean not null default false`.execute(db);
    await sql`update conversations set title_is_default = true where message_count = 0 and title like 'Research Session %'`.execute(
      db,
    );
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`alter table conversations drop column if exists selected_documents, drop column if exists title_is_default`.execute(
      db,
    );
  },
};
