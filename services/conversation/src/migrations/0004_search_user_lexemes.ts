import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 20 (decision 0205): conversation search looks messages up by "user id + lexeme" keys.
 * The GIN index on (user_id, tsv) kept one posting list per lexeme for all users, so a query for
 * a common name decoded tens of thousands of other users' entries (0.7-1.5 ms); keyed by owner,
 * a posting list holds that user's messages only (≈0.1 ms). The keys only narrow the rows: the
 * search still checks `user_id` and `tsv @@ query` on each, so its results are unchanged.
 * - gn_user_lexemes(owner, tsv): the keys of a message, `owner || ' ' || lexeme`;
 * - gn_query_keys(owner, tsquery): the same keys for every lexeme of a query. A message matching
 *   a query without negation (search never builds one) holds at least one of them.
 */
export const searchUserLexemesMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    await sql`
      create function gn_user_lexemes(owner text, v tsvector) returns text[]
        language sql immutable strict parallel safe
        return array(select owner || ' ' || lexeme from unnest(tsvector_to_array(v)) as lexeme)`.execute(db);
    // tsquery's text form quotes each lexeme, doubling any quote or backslash in it.
    await sql`
      create function gn_query_keys(owner text, q tsquery) returns text[]
        language sql immutable strict parallel safe
        return array(select owner || ' ' || regexp_replace(m[1], '([''\\\\])\\1', '\\1', 'g')
                     from regexp_matches(q::text, '''((?:[^'']|'''')*)''', 'g') as m)`.execute(db);
    await sql`create index messages_user_lexemes_idx on messages using gin (gn_user_lexemes(user_id, tsv))`.execute(db);
    await sql`drop index messages_search_idx`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`create index if not exists messages_search_idx on messages using gin (user_id, tsv)`.execute(db);
    await sql`drop index if exists messages_user_lexemes_idx`.execute(db);
    await sql`drop function if exists gn_query_keys(text, tsquery), gn_user_lexemes(text, tsvector)`.execute(db);
  },
};
