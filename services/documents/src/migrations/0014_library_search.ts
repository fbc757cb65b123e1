import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Library search (issue 16, decision 0170): Gene finds the pages of a user's own documents that
 * answer a question nobody selected documents for.
 * - `gn_library`, a text search configuration that folds accents (unaccent) then stems English,
 *   like conversation search's `gn_search` (each service has its own schema, so its own copy);
 * - `document_pages.owner_id`, copied from the page's document by a trigger (a document never
 *   changes owner), so the index below starts every search from the user's own pages instead of
 *   scanning the global index for a common surname (btree_gin, as conversation search does);
 * - `document_pages.search_tsv`, the page's text as a generated tsvector (first 200,000 characters).
 * Writers of pages are unchanged: they never name either column.
 */
export const librarySearchMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    // The embedded launcher and the test helper create these as a superuser; a no-op then.
    await sql`create extension if not exists unaccent with schema public`.execute(db);
    await sql`create extension if not exists btree_gin with schema public`.execute(db);
    await sql`create text search configuration gn_library (copy = pg_catalog.english)`.execute(db);
    await sql`alter text search configuration gn_library alter mapping for hword, hword_part, word with public.unaccent, english_stem`.execute(
      db,
    );

    await sql`alter table document_pages add column owner_id text`.execute(db);
    await sql`update document_pages p set owner_id = d.owner_id from documents d where d.id = p.document_id`.execute(
      db,
    );
    await sql`
      create function document_pages_owner() returns trigger language plpgsql as $$
      begin
        if new.owner_id is null then
          select d.owner_id into new.owner_id from documents d where d.id = new.document_id;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger document_pages_owner before insert on document_pages for each row execute function document_pages_owner()`.execute(
      db,
    );
    await sql`
      alter table document_pages add column search_tsv tsvector
        generated always as (to_tsvector('gn_library'::regconfig, left(text, 200000))) stored`.execute(db);
    await sql`create index document_pages_search_idx on document_pages using gin (owner_id, search_tsv)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`drop index if exists document_pages_search_idx`.execute(db);
    await sql`alter table document_pages drop column if exists search_tsv`.execute(db);
    await sql`drop trigger if exists document_pages_owner on document_pages`.execute(db);
    await sql`drop function if exists document_pages_owner()`.execute(db);
    await sql`alter table document_pages drop column if exists owner_id`.execute(db);
    await sql`drop text search configuration if exists gn_library`.execute(db);
  },
};
