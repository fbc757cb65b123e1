import { type Kysely, type Migration, sql } from 'kysely';
import { SURNAME_EQUIVALENTS } from '../domain/surname-equivalents';

/**
 * Conversations, messages and what search needs (bench/RESULTS.md, "Conversation search"):
 * - a text search configuration that folds accents (unaccent) then stems English words, so
 *   "Müller" finds "Muller" and "baptisms" finds "baptism";
 * - combined GIN indexes on (user_id, tsvector) (btree_gin), so every search starts from the
 *   user's own rows instead of scanning the global index for a common surname;
 * - a per-user vocabulary of capitalised words with a trigram index, to expand misspelt
 *   surnames into the user's own spellings, and a small table of known surname equivalents
 *   (Schmidt/Smith) that trigrams cannot find.
 */
export const conversationsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    // The embedded launcher and the test helper create these as a superuser; this is a no-op then.
    await sql`create extension if not exists unaccent with schema public`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create extension if not exists btree_gin with schema public`.execute(db);

    await sql`create text search configuration gn_search (copy = pg_catalog.english)`.execute(db);
    await sql`alter text search configuration gn_search alter mapping for hword, hword_part, word with public.unaccent, english_stem`.execute(
      db,
    );

    await sql`
      create table conversations (
        id text primary key,
        user_id text not null,
        title text not null,
        created_at timestamptz not null default now(),
        last_activity timestamptz not null default now(),
        message_count integer not null default 0,
        title_tsv tsvector generated always as (to_tsvector('gn_search'::regconfig, title)) stored
      )`.execute(db);
    await sql`create index conversations_user_activity_idx on conversations (user_id, last_activity desc)`.execute(db);
    await sql`create index conversations_title_search_idx on conversations using gin (user_id, title_tsv)`.execute(db);

    await sql`
      create table messages (
        id text primary key,
        seq bigserial not null,
        conversation_id text not null references conversations (id) on delete cascade,
        user_id text not null,
        type text not null check (type in ('user', 'assistant')),
        content text not null,
        request_type text not null default 'regular' check (request_type in ('regular', 'chapter', 'book')),
        documents jsonb,
        tokens jsonb,
        token_balance jsonb,
        cost double precision,
        created_at timestamptz not null default now(),
        tsv tsvector generated always as (to_tsvector('gn_search'::regconfig, left(content, 500000))) stored
      )`.execute(db);
    await sql`create index messages_conversation_idx on messages (conversation_id, seq)`.execute(db);
    await sql`create index messages_search_idx on messages using gin (user_id, tsv)`.execute(db);

    await sql`
      create table user_terms (
        user_id text not null,
        term text not null,
        primary key (user_id, term)
      )`.execute(db);
    await sql`create index user_terms_trgm_idx on user_terms using gin (user_id, term gin_trgm_ops)`.execute(db);

    await sql`create table surname_equivalents (name text primary key, group_id integer not null)`.execute(db);
    await sql`create index surname_equivalents_group_idx on surname_equivalents (group_id)`.execute(db);
    const rows = SURNAME_EQUIVALENTS.flatMap((group, i) => group.map((name) => ({ name, group_id: i + 1 })));
    await db
      .insertInto('surname_equivalents')
      .values(rows)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`drop table if exists surname_equivalents, user_terms, messages, conversations`.execute(db);
    await sql`drop text search configuration if exists gn_search`.execute(db);
  },
};
