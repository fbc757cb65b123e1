import { foldText, type LibraryPassage, nameEquivalents, type PersonDetail } from '@gnology/contracts';
import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';

/**
 * Library search (issue 16, decision 0170): the pages of one user's completed documents that best
 * answer a question. Postgres full-text search over each page's text (`gn_library`: unaccent, then
 * English stemming; GIN on (owner_id, search_tsv), so a search starts from the user's own pages),
 * the question's names expanded with the surname equivalents conversation search uses, then a
 * score that prefers pages naming the people asked about (whole names over scattered words) and
 * documents whose extracted people carry those names.
 */

/** Words a question is made of that say nothing about which record answers it. */
const QUESTION_WORDS = new Set(
  (
    'a about after all also an and any anyone anything are as at be been before but by can could did do does document documents find for from gene give ' +
    'had has have he her hers him his how i in is it its know me my of on or our please record records say says she show so someone tell ' +
    'than that the their them there these they this those to us was we were what when where which who whom whose why will with would you your'
  ).split(' '),
);

/** Capitalised words that start a question or a clause rather than name someone. */
const NOT_NAMES = new Set([
  'who',
  'what',
  'when',
  'where',
  'which',
  'why',
  'how',
  'did',
  'does',
  'do',
  'was',
  'were',
  'is',
  'are',
  'tell',
  'show',
  'find',
  'list',
  'give',
  'please',
  'gene',
  'i',
]);

export interface LibraryQuery {
  /** Each word of the question with its alternative spellings (tsquery text of one OR group). */
  words: string[];
  /** The groups of the words that are capitalised in the question (names, places). */
  names: string[];
  /** Runs of two or more capitalised words as phrase queries ("john <-> henry <-> whitfield"). */
  phrases: string[];
  /** Every word and alternative, folded (for snippets and the people bonus). */
  terms: string[];
  /** The folded name words, each with its alternatives. */
  nameGroups: string[][];
  /** Years the question names ("in 1880"). */
  years: number[];
}

/** A question as tsquery texts. Words are [a-z0-9]+ after folding, so nothing in them is tsquery syntax. */
export function readLibraryQuery(query: string): LibraryQuery {
  const tokens = [...query.matchAll(/[\p{L}\p{N}'’]+/gu)].map((m) => ({ raw: m[0], index: m.index ?? 0 }));
  const groups = new Map<string, string[]>();
  const names: string[] = [];
  const nameGroups: string[][] = [];
  const phrases: string[] = [];
  let run: string[] = [];
  let lastEnd = -1;
  const endRun = () => {
    if (run.length >= 2) phrases.push(run.join(' <-> '));
    run = [];
  };
  for (const t of tokens) {
    const word = foldText(t.raw)
      .replace(/['’]s$/, '')
      .replace(/[^a-z0-9]/g, '');
    const between = lastEnd >= 0 ? query.slice(lastEnd, t.index) : ' ';
    lastEnd = t.index + t.raw.length;
    if (!word || QUESTION_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) {
      endRun();
      continue;
    }
    const capitalised = /^\p{Lu}/u.test(t.raw) && !NOT_NAMES.has(word);
    // English stemming leaves "-men" plurals ("ploughmen", "fishermen") apart from their "-man".
    const alternatives = /^\d+$/.test(word)
      ? []
      : [...nameEquivalents(word), ...(/..men$/.test(word) ? [`${word.slice(0, -3)}man`] : [])];
    const group = [word, ...alternatives];
    const text = group.length === 1 ? word : `(${group.join(' | ')})`;
    if (!groups.has(word)) groups.set(word, group);
    if (capitalised) {
      if (!names.includes(text)) {
        names.push(text);
        nameGroups.push(group);
      }
      // A run of names is a phrase only when nothing but spaces separates them ("John Henry Whitfield").
      if (!/^\s+$/.test(between)) endRun();
      run.push(text);
    } else endRun();
  }
  endRun();
  const words = [...groups.values()].slice(0, 16).map((g) => (g.length === 1 ? g[0]! : `(${g.join(' | ')})`));
  const years = [...groups.keys()].filter((w) => /^1[4-9]\d\d$|^20[0-4]\d$/.test(w)).map(Number);
  return {
    words,
    names: names.slice(0, 8),
    phrases: phrases.slice(0, 4),
    terms: [...groups.values()].flat(),
    nameGroups: nameGroups.slice(0, 8),
    years,
  };
}

interface Row {
  document_id: string;
  page_number: number;
  text: string;
  base: number;
  word_hits: number;
  name_hits: number;
  phrase_hits: number;
  original_name: string;
  document_type: string | null;
  people_identified: { name: string; role?: string | null }[] | null;
  geographical_info: { name?: string }[] | null;
  date_info: { year?: number }[] | null;
  person_details: PersonDetail[] | null;
  occupations: string[] | null;
}

/**
 * The last, loosest stage scores at most this many matching pages (any of them, not the best): in
 * a library of thousands of documents, pages sharing only a common word with the question are
 * filler, and scoring them all would cost hundreds of milliseconds (bench/RESULTS.md).
 */
const LOOSE_CAP = 1_500;

// Candidates: the user's pages matching any word (GIN on owner_id, search_tsv); then each page
// scored by how many of the question's words, names and whole names it holds, and ts_rank.
const CANDIDATE_LIMIT = 60;

/** A page scoring under this share of the best page is noise (a lone "married" in another family's record). */
const RELATIVE_CUTOFF = 0.25;

/** At most this many pages of one document among the passages. */
const PAGES_PER_DOCUMENT = 2;
const PASSAGE_TEXT_LIMIT = 6_000;

export async function searchLibrary(
  db: DocumentsDb,
  p: { userId: string; query: string; limit: number; excludeDocumentIds: string[] },
): Promise<LibraryPassage[]> {
  const q = readLibraryQuery(p.query);
  if (q.words.length === 0) return [];
  // Most specific first: pages holding every name asked about (or every word, when no name is);
  // when those are too few, pages holding all names but one ("Vincenzo Rossi" of a record that
  // writes Napoli for the Naples asked about); then pages holding any word. A big library's common
  // given names and record words ("John", "born") match thousands of pages; names together, a handful.
  // A library of up to SMALL_LIBRARY documents is scored whole in one query (a few milliseconds).
  const all = q.names.length ? q.names : q.words;
  const stages: string[] = [];
  if (!(await isSmallLibrary(db, p.userId))) {
    stages.push(all.join(' & '));
    if (all.length >= 2 && all.length <= 6)
      stages.push(all.map((_, i) => `(${all.filter((__, j) => j !== i).join(' & ')})`).join(' | '));
  }
  stages.push(q.words.join(' | '));
  let rows: Row[] = [];
  for (const [i, match] of stages.entries()) {
    rows = await candidates(db, p, q, match, i === stages.length - 1 ? LOOSE_CAP : null);
    if (new Set(rows.map((r) => r.document_id)).size >= p.limit) break;
  }

  const scored = rows.map((r) => ({ r, score: scoreOf(r, q) }));
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.r.document_id < b.r.document_id
        ? -1
        : a.r.document_id > b.r.document_id
          ? 1
          : a.r.page_number - b.r.page_number),
  );
  const perDocument = new Map<string, number>();
  const out: LibraryPassage[] = [];
  const best = scored[0]?.score ?? 0;
  for (const { r, score } of scored) {
    if (score < best * RELATIVE_CUTOFF) break;
    const n = perDocument.get(r.document_id) ?? 0;
    if (n >= PAGES_PER_DOCUMENT) continue;
    perDocument.set(r.document_id, n + 1);
    out.push({
      documentId: r.document_id,
      originalName: r.original_name,
      documentType: r.document_type,
      pageNumber: r.page_number,
      snippet: snippetOf(r.text, q.terms),
      text: r.text,
      score: Math.round(score * 1000) / 1000,
      peopleIdentified: (r.people_identified ?? [])
        .filter((x) => x && typeof x.name === 'string')
        .map((x) => ({ name: x.name, role: x.role ?? null })),
      // The stored extraction, for Gene to answer from (issue 28); research checks each item's shape.
      personDetails: r.person_details ?? [],
      dateInfo: (r.date_info ?? []) as LibraryPassage['dateInfo'],
      geographicalInfo: (r.geographical_info ?? []) as LibraryPassage['geographicalInfo'],
      occupations: r.occupations ?? [],
    });
    if (out.length >= p.limit) break;
  }
  return out;
}

const SMALL_LIBRARY = 1_000;

/** Whether the user has at most SMALL_LIBRARY documents (an index range on documents_owner_uploaded_idx). */
async function isSmallLibrary(db: DocumentsDb, userId: string): Promise<boolean> {
  const res = await sql<{
    n: number;
  }>`select count(*)::int as n from (select 1 from documents where owner_id = ${userId} limit ${SMALL_LIBRARY + 1}) d`.execute(
    db,
  );
  return (res.rows[0]?.n ?? 0) <= SMALL_LIBRARY;
}

/**
 * The user's pages matching `match` (GIN on owner_id, search_tsv), each scored by how many of the
 * question's words, names and whole names it holds (each tsquery parsed once, not per page) and
 * ts_rank; the best CANDIDATE_LIMIT of them with their documents.
 */
async function candidates(
  db: DocumentsDb,
  p: { userId: string; excludeDocumentIds: string[] },
  q: LibraryQuery,
  match: string,
  cap: number | null,
): Promise<Row[]> {
  const res = await sql<Row>`
    with q as (
      select to_tsquery('gn_library', ${match}) as tq,
             array(select to_tsquery('gn_library', w) from unnest(${q.words}::text[]) w) as words,
             array(select to_tsquery('gn_library', w) from unnest(${q.names}::text[]) w) as names,
             array(select to_tsquery('gn_library', w) from unnest(${q.phrases}::text[]) w) as phrases
    ),
    scored as (
      select pg.document_id, pg.page_number, pg.text, ts_rank(pg.search_tsv, q.tq, 1) as base,
        (select count(*) from unnest(q.words) t where pg.search_tsv @@ t)::int as word_hits,
        (select count(*) from unnest(q.names) t where pg.search_tsv @@ t)::int as name_hits,
        (select count(*) from unnest(q.phrases) t where pg.search_tsv @@ t)::int as phrase_hits
      from q, lateral (
        select * from document_pages d where d.owner_id = ${p.userId} and d.search_tsv @@ q.tq ${cap ? sql`limit ${cap}` : sql``}
      ) pg
    )
    select s.document_id, s.page_number, left(s.text, ${PASSAGE_TEXT_LIMIT}) as text, s.base, s.word_hits, s.name_hits, s.phrase_hits,
           d.original_name, d.document_type, d.people_identified, d.geographical_info, d.date_info,
           d.person_details, d.occupations
    from scored s join documents d on d.id = s.document_id
    where d.owner_id = ${p.userId} and d.processing_status = 'completed' and d.id <> all(${p.excludeDocumentIds}::text[])
    order by s.phrase_hits * 4 + s.name_hits * 2 + s.word_hits + s.base * 10 desc, d.id, s.page_number
    limit ${CANDIDATE_LIMIT}`.execute(db);
  return res.rows;
}

/**
 * The SQL order, plus what the extraction found on the document: a bonus for a person whose name
 * holds the question's names, for each place it found that the question names, and for a year of
 * its dates that the question names (the page text alone cannot tell a place or a date from a word).
 */
export function scoreOf(
  r: Pick<Row, 'base' | 'word_hits' | 'name_hits' | 'phrase_hits' | 'people_identified'> &
    Partial<Pick<Row, 'geographical_info' | 'date_info'>>,
  q: Pick<LibraryQuery, 'nameGroups' | 'years'>,
): number {
  let people = 0;
  if (q.nameGroups.length) {
    for (const person of r.people_identified ?? []) {
      const words = new Set(foldText(person?.name ?? '').split(/[^a-z0-9]+/));
      const matched = q.nameGroups.filter((g) => g.some((w) => words.has(w))).length;
      // A person named by (nearly) all the question's names is the one asked about.
      if (matched >= Math.min(2, q.nameGroups.length)) people = Math.max(people, matched / q.nameGroups.length);
    }
  }
  let places = 0;
  for (const place of r.geographical_info ?? []) {
    const words = new Set(foldText(place?.name ?? '').split(/[^a-z0-9]+/));
    if (q.nameGroups.some((g) => g.some((w) => words.has(w)))) places++;
  }
  const years = new Set((r.date_info ?? []).map((d) => d?.year));
  const dated = q.years.filter((y) => years.has(y)).length;
  return (
    r.phrase_hits * 4 +
    r.name_hits * 2 +
    r.word_hits +
    r.base * 10 +
    people * 3 +
    Math.min(places, 2) * 0.5 +
    Math.min(dated, 2) * 0.5
  );
}

/** About 240 characters of the page around its first matching word, on word boundaries. */
export function snippetOf(text: string, terms: string[], length = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const folded = foldText(flat);
  let at = -1;
  for (const t of terms) {
    if (t.length < 3) continue;
    const m = new RegExp(`\\b${t.replace(/[^a-z0-9]/g, '')}`).exec(folded);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  // Folding can change lengths (ß → ss); close enough for a window.
  const start = at <= 0 ? 0 : Math.max(0, flat.lastIndexOf(' ', Math.max(0, at - 60)) + 1);
  const piece = flat.slice(start, start + length);
  const cut = start + length < flat.length ? piece.replace(/\s+\S*$/, '') : piece;
  return `${start > 0 ? '… ' : ''}${cut}${start + length < flat.length ? ' …' : ''}`;
}
