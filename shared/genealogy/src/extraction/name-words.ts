import { MONTH_NAMES } from './dates';
import { GIVEN_NAMES } from './given-names';
import { STOP } from './name-stop-words';

/* The words a name is made of: given names, initials, stop words, case and keys (people-candidates.ts and after). */

/** Given names that are also months, places or words: only with a cue right before them. */
export const AMBIGUOUS_GIVEN = new Set([
  'may',
  'june',
  'april',
  'august',
  'virginia',
  'georgia',
  'christian',
  'will',
  'mark',
  'grace',
  'hope',
  'faith',
  'charity',
  'mercy',
  'patience',
  'prudence',
  'constance',
  'silence',
  'remember',
  'job',
  'jordan',
  'earl',
  'pearl',
  'rose',
  'florence',
  'homer',
  'clay',
  'carolina',
]);

export const lowerKey = (w: string) => w.toLowerCase().replace(/[.,]/g, '').replace(/ſ/g, 's');
/** A regnal number ("Georg VI.", "Louis XIV", "Henry VIII") stays in capitals: it is no name in capitals. */
export const REGNAL = /^X{0,3}(?:IX|IV|V?I{0,3})$/;
export const VOWEL = /[aeiouyäöüàáâãåæèéêëìíîïòóôõøœùúûÿ]/iu;
export const titleCase = (w: string) =>
  /^[\p{Lu}'’-]{2,}$/u.test(w) && !REGNAL.test(w)
    ? w.toLowerCase().replace(/(^|[-'’]|^mc|^mac)(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())
    : w;
export const isGiven = (w: string) => GIVEN_NAMES.has(lowerKey(w));
/** Given names that are also frequent surnames: "Mary Thomas his wife" may be Mary Thomas, "Fulton Thomas" a whole name. */
export const SURNAME_LIKE = new Set(
  'wilson nelson allen franklin howard warren lewis wesley homer grant james thomas henry williams jones martin bernard morgan owen hughes'.split(
    ' ',
  ),
);
/**
 * Two known given names joined by a hyphen, as French names are ("Charles-Albert", "Marie-Louise"). Read so only in
 * French text: an English register's clerk hyphens a given name to its surname ("Sarah-Lloyd").
 */
export const isCompoundGiven = (w: string) => {
  const parts = lowerKey(w).split('-');
  return parts.length === 2 && parts.every((p) => p.length >= 3 && GIVEN_NAMES.has(p));
};
export const isInitial = (w: string) => /^\p{Lu}\.$/u.test(w);
/** A stop word; a month only when it is not a given name used as one ("Jan Kowalski", but "Jan. 4" and "May 1850"). */
export const isStop = (w: string, text?: string, at?: number) => {
  const k = lowerKey(w);
  if (STOP.has(k)) return true;
  if (!MONTH_NAMES.has(k)) return false;
  if (!isGiven(w) || text === undefined || at === undefined || /\.$/.test(w)) return true;
  return (
    /^\.?\s*\d/.test(text.slice(at + w.length, at + w.length + 4)) || /\d\s*$/.test(text.slice(Math.max(0, at - 4), at))
  );
};

/**
 * Two keys of one name but for two neighbouring letters swapped in one word of five or more ("chirstopher brown",
 * "christopher brown"): a clerk's or typist's slip, where no two given names differ so.
 */
export function transposedApart(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length !== wb.length) return false;
  const apart = wa.flatMap((w, n) => (w === wb[n] ? [] : [[w, wb[n]!] as const]));
  if (apart.length !== 1) return false;
  const [x, y] = apart[0]!;
  if (x.length < 5 || x.length !== y.length) return false;
  const at = [...x].findIndex((c, n) => c !== y[n]);
  return x[at] === y[at + 1] && x[at + 1] === y[at] && x.slice(at + 2) === y.slice(at + 2);
}

export function keyOf(name: string): string {
  return name.toLowerCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();
}

/** Given names of 5+ letters by their length, for the one-letter misreadings below. */
const GIVEN_BY_LENGTH = new Map<number, string[]>();
for (const g of GIVEN_NAMES) {
  if (g.length < 5 || !/^\p{Ll}+$/u.test(g)) continue;
  GIVEN_BY_LENGTH.set(g.length, [...(GIVEN_BY_LENGTH.get(g.length) ?? []), g]);
}
/** "Pierer" (Pieter), "Tustinus" (Justinus): a known given name of 5+ letters with one letter misread. */
export function givenMisreadByOneLetter(w: string): boolean {
  if (!/^\p{Lu}\p{Ll}{4,}$/u.test(w)) return false;
  const k = w.toLowerCase();
  return (GIVEN_BY_LENGTH.get(k.length) ?? []).some((g) => {
    let diff = 0;
    for (let i = 0; i < k.length && diff < 2; i++) if (k[i] !== g[i]) diff++;
    return diff === 1;
  });
}
