import { foldText, SURNAME_EQUIVALENTS } from '@gnology/contracts';
import { TITLES } from '../extraction/given-names';
import { SURNAME_PARTICLES } from './particles';

/**
 * A personal name taken apart for grouping (decision 0185): given names and surname folded the
 * way search folds them (case, accents), titles and generational suffixes set aside, a maiden
 * name read from "née", "born", "geb." or "formerly", and each name mapped to the first spelling
 * of its SURNAME_EQUIVALENTS group so Müller, Mueller and Miller meet.
 */
export interface ParsedName {
  /** Folded given names in order; an initial is one letter ("j"). */
  given: string[];
  /** Folded surname as written ("" when only a given name was written). */
  surname: string;
  maiden: string | null;
  title: string | null;
  suffix: string | null;
}

const SUFFIXES = new Set(['jr', 'junior', 'sr', 'senior', 'ii', 'iii', 'iv', 'esq', 'esquire']);
// "St John", "St Clair": a saint's name is part of the surname in grouping.
const PARTICLES = new Set([...SURNAME_PARTICLES, 'st']);
const MAIDEN_MARKERS =
  /\s*[,(]?\s*\b(?:nee|née|born|geb\.?|geborene|formerly|maiden name)\s+([^\s,()]+(?:\s+[^\s,()]+)?)\)?/i;

/** Clerks' abbreviations of given names ("Wm.", "Jno.") and their full forms. */
const ABBREVIATIONS: Record<string, string> = {
  wm: 'william',
  jno: 'john',
  chas: 'charles',
  geo: 'george',
  thos: 'thomas',
  jas: 'james',
  saml: 'samuel',
  benj: 'benjamin',
  richd: 'richard',
  robt: 'robert',
  edwd: 'edward',
  danl: 'daniel',
  eliz: 'elizabeth',
  elizth: 'elizabeth',
  margt: 'margaret',
  marg: 'margaret',
  cath: 'catherine',
};

const CANONICAL = new Map<string, string>();
for (const group of SURNAME_EQUIVALENTS) for (const name of group) CANONICAL.set(name, group[0]!);

/** The one spelling a name and its equivalents are grouped under. */
export function canonicalName(folded: string): string {
  const full = ABBREVIATIONS[folded] ?? folded;
  return CANONICAL.get(full) ?? full;
}

const clean = (word: string) =>
  foldText(word)
    .replace(/[^a-z'-]/g, '')
    .replace(/['-]/g, '');

export function parseName(written: string): ParsedName {
  let text = written.replace(/\s+/g, ' ').trim();
  let maiden: string | null = null;
  const m = MAIDEN_MARKERS.exec(text);
  if (m) {
    maiden = m[1]!.split(' ').map(clean).filter(Boolean).join('') || null;
    text = `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.trim();
  }
  // "Whitfield, John Henry" (indexes and census rows write the surname first).
  const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
  if (comma && !/\s/.test(comma[1]!.trim())) text = `${comma[2]} ${comma[1]}`;
  const words = text.split(/[\s,]+/).filter(Boolean);
  let title: string | null = null;
  let suffix: string | null = null;
  while (words.length > 1 && TITLES.has(clean(words[0]!))) title = title ? `${title} ${words.shift()}` : words.shift()!;
  while (words.length > 1 && SUFFIXES.has(clean(words[words.length - 1]!))) suffix = words.pop()!;
  const folded = words.map(clean).filter(Boolean);
  if (folded.length === 0) return { given: [], surname: '', maiden, title, suffix };
  if (folded.length === 1) {
    // A single word ("John" in a letter) is a given name: it is never grouped without a surname.
    return { given: folded, surname: '', maiden, title, suffix };
  }
  // Particles belong to the surname: "Johannes van der Berg" → surname "vanderberg".
  let start = folded.length - 1;
  while (start > 1 && PARTICLES.has(folded[start - 1]!)) start--;
  return { given: folded.slice(0, start), surname: folded.slice(start).join(''), maiden, title, suffix };
}

/** The surname keys a name is found under: its surname and maiden name, each canonical. */
export function surnameKeys(name: ParsedName): string[] {
  const keys = [name.surname, name.maiden].filter((k): k is string => !!k).map(canonicalName);
  return [...new Set(keys)];
}

/** Given names in their canonical spelling (initials stay single letters). */
export function canonicalGiven(name: ParsedName): string[] {
  return name.given.map(canonicalName);
}

/**
 * Whether two lists of given names can be one person's: the first names agree (same canonical
 * name, or an initial of it), and so do the later ones where both wrote them. "John" and "John
 * Henry" agree; "John Henry" and "John Edward" do not; "J. H." and "John Henry" do.
 */
export function givenCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (!namePartCompatible(a[i]!, b[i]!)) return false;
  return true;
}

function namePartCompatible(x: string, y: string): boolean {
  if (x === y) return true;
  if (x.length === 1 || y.length === 1) return x[0] === y[0];
  return false;
}

/** How much two given-name lists say for the same person: full names agreeing count more than initials. */
export function givenAgreement(a: readonly string[], b: readonly string[]): number {
  let score = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) score += a[i] === b[i] && a[i]!.length > 1 ? 2 : 1;
  return score;
}
