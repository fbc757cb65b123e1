import type pg from 'pg';
import { MARKDOWN_LINK_PG_PATTERN } from '../domain/plain-text';
import { HEADLINE_OPTIONS } from '../domain/search';
import type { SearchMatchRow, WordAlternatives } from '../domain/search-results';

/**
 * Conversation search, p95 under 5 ms over a million messages (bench/RESULTS.md, "Conversation
 * search"; decision 0205): messages are found through their "user id + lexeme" keys (migration
 * 0004), so the index reads the user's own entries only, then checked exactly (owner, tsquery);
 * ts_headline runs only for the best message of each returned conversation; statements are
 * named so Postgres plans them once per connection. A named statement soon runs on a generic
 * plan, whose row estimates are 1, so neither statement may depend on the planner guessing
 * sizes: the search carries each conversation's best message ids in an array instead of joining
 * the matches back to the returned conversations (such a join became a nested loop that sorted
 * every match once per returned conversation: 20 ms for the heavy user).
 */

// Each query word's alternatives: the known equivalents of its group and the user's own
// vocabulary terms that look alike (trigram similarity, `%`), best first. The trigram index
// covers every user's terms, so one lookup costs 1-2 ms whatever the user's vocabulary; a
// vocabulary of up to 1,000 terms (most users) is compared term by term instead, through the
// primary key (≈0.2 ms for 100 terms). `similarity >= show_limit()` is what `%` computes,
// written so the planner cannot take the trigram index for that branch. The words come through a
// sub-select so a plan for two words costs the same as the generic one: Postgres then keeps the
// generic plan instead of planning the statement again on every call (0.3-0.5 ms).
const EXPAND_SQL = `
  with vocabulary as (
    select count(*) <= 1000 as small from (select 1 from user_terms where user_id = $1 limit 1001) t
  )
  select w.word,
         coalesce((select array_agg(e2.name) from surname_equivalents e1
                   join surname_equivalents e2 on e2.group_id = e1.group_id and e2.name <> e1.name
                   where e1.name = w.word), '{}') as equivalents,
         coalesce((select array_agg(t.term) from (
                     select term, similarity(term, w.word) as score from user_terms
                     where user_id = $1 and (select small from vocabulary) and term <> w.word
                       and similarity(term, w.word) >= show_limit()
                     union all
                     select term, similarity(term, w.word) from user_terms
                     where user_id = $1 and not (select small from vocabulary) and term <> w.word
                       and term % w.word
                     order by score desc, term
                     limit 3) t), '{}') as similar
  from unnest((select $2::text[])) as w(word)`;

// The words AND'ed into one tsquery. The index narrows the rows to the user's messages holding a
// lexeme of the first word's group and one of the last word's (any lexeme of the query when such
// a group is only stop words); each row is then checked exactly (owner, tsv @@ query), so the
// narrowing never changes what is found.
const SEARCH_SQL = `
  with query as (
    select tq, gn_query_keys($1, tq) as keys,
           gn_query_keys($1, to_tsquery('gn_search', ($2::text[])[1])) as first_keys,
           gn_query_keys($1, to_tsquery('gn_search', ($2::text[])[cardinality($2::text[])])) as last_keys
    from to_tsquery('gn_search', array_to_string($2::text[], ' & ')) as tq
  ),
  q as (
    select tq,
           case when cardinality(first_keys) > 0 then first_keys else keys end as first_keys,
           case when cardinality(last_keys) > 0 then last_keys else keys end as last_keys
    from query
  ),
  hits as materialized (
    select m.id, m.conversation_id, ts_rank(m.tsv, q.tq) as rank, m.seq
    from messages m, q
    where gn_user_lexemes(m.user_id, m.tsv) && q.first_keys and gn_user_lexemes(m.user_id, m.tsv) && q.last_keys
      and m.user_id = $1 and m.tsv @@ q.tq
  ),
  per_conversation as (
    select conversation_id, count(*)::int as match_count, max(rank) as best,
           (array_agg(id order by rank desc, seq desc))[1:3] as best_ids
    from hits group by conversation_id
  ),
  titles as (
    select c.id as conversation_id, ts_rank(c.title_tsv, q.tq) as rank
    from conversations c, q
    where c.user_id = $1 and c.title_tsv @@ q.tq
  ),
  matched as (
    select coalesce(p.conversation_id, t.conversation_id) as conversation_id,
           coalesce(p.match_count, 0) as match_count,
           coalesce(p.best, 0) + 2 * coalesce(t.rank, 0) as score,
           p.best_ids
    from per_conversation p full join titles t on t.conversation_id = p.conversation_id
  ),
  top as (
    select m.conversation_id, m.match_count, m.score, m.best_ids, c.title, c.last_activity,
           count(*) over ()::int as total
    from matched m join conversations c on c.id = m.conversation_id
    order by m.score desc, c.last_activity desc
    limit $3
  )
  select top.conversation_id, top.title, top.last_activity, top.match_count, top.total, top.score,
         b.rn, msg.type, msg.created_at, left(msg.content, 300) as content_start,
         case when b.rn = 1 then ts_headline('gn_search', regexp_replace(left(msg.content, 60000), $5, '\\1', 'g'), q.tq, $4) end as headline,
         case when b.rn > 1 then left(msg.content, 4000) end as content_head
  from top
  cross join q
  left join lateral unnest(top.best_ids) with ordinality as b(id, rn) on true
  left join messages msg on msg.id = b.id
  order by top.score desc, top.last_activity desc, b.rn`;

/** The surname equivalents and similar vocabulary terms the database knows for each word. */
export async function findAlternatives(pool: pg.Pool, userId: string, words: string[]): Promise<WordAlternatives[]> {
  const res = await pool.query<WordAlternatives>({
    name: 'conversation_search_expand',
    text: EXPAND_SQL,
    values: [userId, words],
  });
  return res.rows;
}

/**
 * The user's best-matching conversations for the query words (each a to_tsquery text, all
 * required), with up to three matching messages each.
 */
export async function findMatches(
  pool: pg.Pool,
  userId: string,
  wordQueries: string[],
  limit: number,
): Promise<SearchMatchRow[]> {
  const res = await pool.query<SearchMatchRow>({
    name: 'conversation_search',
    text: SEARCH_SQL,
    values: [userId, wordQueries, limit, HEADLINE_OPTIONS, MARKDOWN_LINK_PG_PATTERN],
  });
  return res.rows;
}
