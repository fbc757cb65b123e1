import type { TextLanguage } from './language';
import { isGiven, lowerKey, SURNAME_LIKE } from './name-words';
import { REL_WORDS, TITLE_ALT } from './people-cues';

/* Record words that are also surnames ("Mary Head", "Thomas Ward", "Edgar Bauer"): when a run keeps them as a name. */

const TITLE_JUST_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${TITLE_ALT})\.?\s+$`, 'iu');
const REL_JUST_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${Object.keys(REL_WORDS).join('|')}),?\s+$`, 'iu');
/** A title or a relationship word right before a word marks it as the start of someone's name. */
export const cuedBefore = (text: string, at: number) => {
  const before = text.slice(Math.max(0, at - 16), at);
  return TITLE_JUST_BEFORE.test(before) || REL_JUST_BEFORE.test(before);
};

/**
 * Record, place and weekday words that are also common surnames: "Mary Head", "Thomas Ward", "Ann Monday". Not the
 * months: "May" is as often a second given name ("Miss Lottie May Reynolds").
 */
const SURNAME_STOPS = new Set(
  'head ward lane page church chapel court cousin street north south east west england holland wales france monday friday'.split(
    ' ',
  ),
);
/** What follows a whole name in a record: "Mary Head Widow of George Head", "Thomas Ward and Sarah his Wife", "John Lane Esqr.". */
export const AFTER_WHOLE_NAME =
  /^\s*,?\s*(?:(?:widow|widower|wife|husband|relict|son|daughter|spinster|singlewoman|bachelor)\s+of\b|(?:single\s*woman|spinster|widow|widower|bachelor)\s+(?:was|were)\b|(?:and|&)\s+\p{Lu}\p{Ll}+\s+(?:his|her)\s+(?:wife|husband)\b|(?:his|her)\s+(?:wife|husband)\b|(?:was|were)\s+(?:removed|passed|buried|baptized|baptised|born|married)\b|(?:Esq(?:r|re|uire)?s?|Knt|Gent)[.:,]?(?!\p{L}))/iu;
/**
 * A record word that is a surname here: right after one or two given names on the same line, with what follows a
 * whole name after it ("Mary Head Widow of …") or a phrase before that names someone ("the Body of Robert Page").
 * In a census row "Mary Head" stays a name and a relation.
 */
export function stopWordSurname(
  cur: readonly { w: string; s: number }[],
  w: string,
  k: string,
  text: string,
  at: number,
  nl: boolean,
) {
  if (nl || !SURNAME_STOPS.has(k) || !/^\p{Lu}\p{Ll}+$/u.test(w)) return false;
  if (cur.length < 1 || cur.length > 2 || !cur.every((c) => isGiven(c.w))) return false;
  // "on View of the Body of Robert Page", "son of John Lane": the phrase before says a whole name comes.
  const before = text.slice(Math.max(0, cur[0]!.s - 30), cur[0]!.s);
  return (
    AFTER_WHOLE_NAME.test(text.slice(at + w.length, at + w.length + 40)) ||
    /\bbody\s+of\s*$/iu.test(before) ||
    cuedBefore(text, cur[0]!.s)
  );
}

/**
 * "Fulton Thomas was removed": a given name that is also a frequent surname ends a two-word name whose first word is
 * no known name, when what follows is what follows a whole name in a record. Elsewhere the word before is dropped
 * ("Yesterday Thomas").
 */
export function givenAsSurname(cur: readonly { w: string; s: number }[], text: string) {
  if (cur.length !== 2 || !SURNAME_LIKE.has(lowerKey(cur[1]!.w)) || !/^\p{Lu}\p{Ll}+$/u.test(cur[0]!.w)) return false;
  const end = cur[1]!.s + cur[1]!.w.length;
  return AFTER_WHOLE_NAME.test(text.slice(end, end + 40));
}

/**
 * German record words that are among the commonest German surnames: "Bauer" (a farmer in a register's column) right
 * after one or two given names on the same line is the family's name ("der Republikaner Edgar Bauer", "des Hans
 * Michel Bauer"); after a comma or alone it stays the occupation. Outside German text the word is no record word at
 * all, and after a given name it is the surname there too ("M. Gérard Bauer est fort versé").
 */
const GERMAN_SURNAME_STOPS = new Set(['bauer']);
export function germanStopSurname(
  cur: readonly { w: string }[],
  w: string,
  k: string,
  nl: boolean,
  lang: TextLanguage,
) {
  // Outside German text, across a line end too ("M. Gérard⏎Bauer est fort versé").
  if ((nl && lang === 'de') || !GERMAN_SURNAME_STOPS.has(k) || !/^\p{Lu}\p{Ll}+$/u.test(w)) return false;
  // The words before the given names ("der Republikaner Edgar Bauer") are cut off when the run is flushed.
  return cur.length >= 1 && isGiven(cur[cur.length - 1]!.w);
}
