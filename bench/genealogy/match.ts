// How a predicted name, place or date counts as the gold one. Kept strict on purpose (SOURCES.md, "Matching").

/** Lower case, accents and punctuation off, long s as s, spaces collapsed: "Mme. Dupré-Léon" → "mme dupre leon". */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ſ/g, 's')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Title and honorific words a name may carry or lose and still be the same name ("Mr. Bigelow" = "Bigelow",
 * "Mary Lady Tyrell" = "Mary Tyrell"). Nothing else may differ: a surname alone for a full name is wrong.
 */
// biome-ignore format: a word list reads better packed
export const TITLE_WORDS = new Set([
  // English
  'mr', 'mrs', 'miss', 'ms', 'master', 'dr', 'doctor', 'rev', 'revd', 'reverend', 'sir', 'dame', 'lady', 'lord',
  'esq', 'esquire', 'gent', 'gentleman', 'knight', 'kt', 'bart', 'capt', 'captain', 'col', 'colonel', 'gen',
  'general', 'lieut', 'lt', 'major', 'prof', 'hon', 'honble', 'sr',
  // French
  'm', 'mm', 'mme', 'mmes', 'mlle', 'mlles', 'monsieur', 'messieurs', 'madame', 'mademoiselle', 'me', 'mgr',
  'abbe', 'sieur', 'sr', 'dame', 'docteur', 'comte', 'comtesse', 'baron', 'baronne', 'marquis', 'duc', 'duchesse',
  // German
  'herr', 'herrn', 'herren', 'hh', 'frau', 'fraulein', 'frl', 'hr', 'hrn', 'fr', 'graf', 'grafin', 'freiherr', 'freifrau', 'pfarrer',
  // Ranks and academic titles written before a name, which HIPE labels as a mention's title part
  'professor', 'professeur', 'oberst', 'hauptmann', 'leutnant', 'lieutenant', 'capitaine', 'marechal', 'amiral',
  'admiral', 'dekan', 'pastor', 'pasteur',
  // English offices and ranks a paper writes before a surname ("Warden Hoyt", "President Taft", "Count Dietrichstein")
  'warden', 'governor', 'gov', 'senator', 'sen', 'president', 'pres', 'sheriff', 'mayor', 'alderman', 'commodore',
  'count', 'countess', 'baroness', 'duke', 'duchess', 'marquess', 'viscount', 'emperor', 'empress', 'bishop',
  'archbishop', 'cardinal', 'consul', 'ambassador', 'chancellor', 'marshal', 'commissioner', 'superintendent',
  'inspector', 'detective', 'congressman', 'secretary', 'treasurer', 'premier', 'judge', 'squire', 'deacon', 'elder',
  // Monarchs and the high nobility, whose rank HIPE labels as the mention's title part ("Königin Wilhelmine",
  // "Fürst Bismarck", "Grafen Bethlen", "König Georg VI.")
  'konig', 'konigin', 'kaiser', 'kaiserin', 'furst', 'furstin', 'fursten', 'prinz', 'prinzessin', 'herzog',
  'herzogin', 'erzherzog', 'erzherzogin', 'grafen', 'kurfurst', 'papst', 'king', 'queen', 'prince', 'princess',
  'roi', 'reine', 'princesse', 'empereur', 'imperatrice', 'pape', 'pope',
  // Dutch
  'heer', 'mijnheer', 'juffrouw', 'jufvrouw', 'sieur', 'sr', 'mr', 'ds', 'dominee',
  // Spanish / Latin (registers)
  'don', 'dona', 'dna', 'sra', 'senor', 'senora', 'dominus', 'domina', 'dnus',
]);

const PARTICLES = new Set(['von', 'van', 'de', 'du', 'zu', 'vom', 'v']);
const tokens = (s: string) => fold(s).split(' ').filter(Boolean);
const key = (ts: string[]) => [...ts].sort().join(' ');

/**
 * A predicted name is the gold name when, after folding, the two have the same words (in any order:
 * "Dufant (Victor)" = "Victor Dufant"), or the same words once title words are taken out of both.
 * Words that are not titles must all be there: "Read" is not "John Read", "Mary Rian" is not "Mary".
 */
export function sameName(predicted: string, gold: string): boolean {
  const p = tokens(predicted);
  const g = tokens(gold);
  if (!p.length || !g.length) return false;
  if (key(p) === key(g)) return true;
  const pCore = p.filter((t) => !TITLE_WORDS.has(t));
  const gCore = g.filter((t) => !TITLE_WORDS.has(t));
  if (pCore.length > 0 && key(pCore) === key(gCore)) return true;
  // A nobiliary particle written or left out is the same name ("von Ribbentrop" = "Ribbentrop").
  const pBare = pCore.filter((t) => !PARTICLES.has(t));
  const gBare = gCore.filter((t) => !PARTICLES.has(t));
  if (pBare.length > 0 && pBare.length < pCore.length !== gBare.length < gCore.length && key(pBare) === key(gBare))
    return true;
  return sameWithAbbreviatedGiven(pCore, gCore);
}

/**
 * A clerk's abbreviation of a given name is that name ("Hanh." Hannah, "Margt" Margaret, "Wm" William, "Eliz"
 * Elizabeth, "Cathn." Catherine): the short form starts with the same letter, its letters run in order inside the
 * long form, and it is a prefix of 3+ letters, ends with the same letter, or shares the first three letters.
 * The surname (last word) must be the same word, and so must the number of words.
 */
export function abbreviates(short: string, long: string): boolean {
  if (short.length >= long.length || short.length < 2 || short[0] !== long[0]) return false;
  let k = 0;
  for (const ch of long) if (ch === short[k]) k++;
  if (k < short.length) return false;
  return (
    (short.length >= 3 && long.startsWith(short)) ||
    short.at(-1) === long.at(-1) ||
    (short.length >= 4 && short.slice(0, 3) === long.slice(0, 3))
  );
}

function sameWithAbbreviatedGiven(p: string[], g: string[]): boolean {
  if (p.length < 2 || p.length !== g.length || p.at(-1) !== g.at(-1)) return false;
  return p.slice(0, -1).every((a, i) => {
    const b = g[i]!;
    return a === b || abbreviates(a, b) || abbreviates(b, a);
  });
}

/**
 * Diagnostic, never the headline: a predicted name of two or more non-title words that runs, word for
 * word, inside a longer gold mention ("Carl Güther" in "Hr. Konzertmeister Carl Güther").
 */
export function nameInsideMention(predicted: string, gold: string): boolean {
  const p = tokens(predicted).filter((t) => !TITLE_WORDS.has(t));
  if (p.length < 2) return false;
  return ` ${tokens(gold).join(' ')} `.includes(` ${p.join(' ')} `);
}

const ARTICLES = new Set(['the', 'la', 'le', 'les', 'l', 'der', 'die', 'das', 'den', 'de', 'het', 't']);

/** A place matches when the folded words agree, leading articles aside ("the Hague" = "Hague"). */
export function samePlace(predicted: string, gold: string): boolean {
  const strip = (s: string) => {
    const ts = tokens(s);
    while (ts.length > 1 && ARTICLES.has(ts[0]!)) ts.shift();
    return ts.join(' ');
  };
  const p = strip(predicted);
  return p.length > 0 && p === strip(gold);
}

/** A predicted date's text matches a gold date's when one's folded words run inside the other's. */
export function sameDateText(predicted: string, gold: string): boolean {
  const p = ` ${tokens(predicted).join(' ')} `;
  const g = ` ${tokens(gold).join(' ')} `;
  return p.trim().length > 0 && g.trim().length > 0 && (p.includes(g) || g.includes(p));
}

/** Occupation words agree when one folded phrase holds the other (4 letters at least). */
export function sameOccupation(predicted: string, gold: string): boolean {
  const p = tokens(predicted).join(' ');
  const g = tokens(gold).join(' ');
  if (p.length < 4 || g.length < 4) return p === g && p.length > 0;
  return ` ${g} `.includes(` ${p} `) || ` ${p} `.includes(` ${g} `);
}

/** One-to-one greedy matching: how many of `predicted` find a distinct partner in `gold`. */
export function countMatches<P, G>(predicted: readonly P[], gold: readonly G[], same: (p: P, g: G) => boolean): number {
  const used = new Set<number>();
  let hits = 0;
  for (const p of predicted) {
    const i = gold.findIndex((g, j) => !used.has(j) && same(p, g));
    if (i >= 0) {
      used.add(i);
      hits++;
    }
  }
  return hits;
}

/** Distinct entries, merging those `same` says are one ("Rev. Dr. Read" and "Dr. Read" are one gold person). */
export function distinct<T>(items: readonly T[], same: (a: T, b: T) => boolean): T[] {
  const out: T[] = [];
  for (const it of items) if (!out.some((o) => same(it, o))) out.push(it);
  return out;
}

/**
 * For the main person only: the same name, or the same given name with a surname one letter apart. A removal
 * order's clerk heads it "Eliz Wilson" and writes "Eliz Willson" in the order; "Mary Tenkins" is the body's
 * reading of the heading's "Mary Jenkins". The record is about one person, and the reading picked that one.
 */
export function samePersonSpelledApart(predicted: string, gold: string): boolean {
  if (sameName(predicted, gold)) return true;
  const p = tokens(predicted).filter((t) => !TITLE_WORDS.has(t));
  const g = tokens(gold).filter((t) => !TITLE_WORDS.has(t));
  if (p.length < 2 || p.length !== g.length) return false;
  const ps = p.at(-1)!;
  const gs = g.at(-1)!;
  if (ps.length < 4 || gs.length < 4) return false;
  const given = (a: string, b: string) =>
    a === b || CLASSIC[a] === b || CLASSIC[b] === a || abbreviates(a, b) || abbreviates(b, a);
  return p.slice(0, -1).every((t, i) => given(t, g[i]!)) && editDistance(ps, gs) <= 1;
}

/** Clerks' classic contractions whose letters do not run in order inside the name ("Jno" John). */
const CLASSIC: Record<string, string> = { jno: 'john', wm: 'william', chas: 'charles', jas: 'james', geo: 'george' };

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
