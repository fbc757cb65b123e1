import { foldText, type PersonSex, type Relation } from '@gnology/contracts';
import { canonicalGiven, givenCompatible, parseName, surnameKeys } from './names';

/*
 * The comparisons a hint is made of (issue 32, decision 0227): years within a tolerance, places by
 * their first words, relatives by name. Each says agree, contradict, or nothing.
 */

export type Verdict = 'agree' | 'contradict' | 'unknown';

/** Years compared: `estimated` (from an age) widens both tolerances. */
export function compareYears(document: number | null, tree: number | null, estimated: boolean): Verdict {
  if (document === null || tree === null) return 'unknown';
  const d = Math.abs(document - tree);
  if (d <= (estimated ? 2 : 1)) return 'agree';
  // Ages drift in censuses and on certificates; stated dates are off by a year at most (a birth
  // registered in January, a baptism months later). Beyond that: another person.
  return d > (estimated ? 5 : 2) ? 'contradict' : 'unknown';
}

/** The place's locality ("Brookline" of "Brookline, Norfolk, Massachusetts, USA"), folded. */
export function localityOf(place: string | null | undefined): string | null {
  if (!place) return null;
  const first = foldText(place.split(',')[0] ?? '')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return first || null;
}

/** Two places agree when their localities are the same (a place alone never contradicts: people moved). */
export function samePlace(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = localityOf(a);
  const y = localityOf(b);
  return x !== null && x === y;
}

/** A person's name as matching reads it: canonical given names and surname keys (maiden and other names too). */
export interface NameKeys {
  given: string[];
  surnameKeys: string[];
}

/** A generation's numeral after a name ("Joseph Patrick Kennedy I"): trees write "I", which grouping's suffixes leave out. */
const NUMERAL = /\s+(?:I|II|III|IV|V)\.?$/;

export function nameKeysOf(names: readonly string[]): NameKeys {
  const parsed = names.map((n) => parseName(n.trim().replace(NUMERAL, ''))).filter((p) => p.given.length > 0);
  const first = parsed[0];
  return {
    given: first ? canonicalGiven(first) : [],
    surnameKeys: [...new Set(parsed.flatMap(surnameKeys))],
  };
}

/**
 * Whether two names can be one person's: a surname key shared and given names that agree (an
 * initial agrees with its name). The document's first given name must be written in full: "J.
 * Whitfield" could be any of them.
 */
export function namesAgree(document: NameKeys, tree: NameKeys): boolean {
  if (!document.given[0] || document.given[0].length < 2) return false;
  if (!document.surnameKeys.some((k) => tree.surnameKeys.includes(k))) return false;
  return givenCompatible(document.given, tree.given);
}

export interface NamedRelative {
  relation: Relation;
  name: string;
  sex?: PersonSex;
}

/**
 * The relatives both sides name in the same relation with agreeing names: a parent, a spouse or a
 * child the document and the tree both give. A wife may be written under her married name, so a
 * spouse's given names alone agree when the document writes her with the person's own surname.
 */
export function agreeingRelatives(
  document: readonly NamedRelative[],
  tree: readonly NamedRelative[],
  ownSurnameKeys: readonly string[],
): { document: NamedRelative; tree: NamedRelative }[] {
  const out: { document: NamedRelative; tree: NamedRelative }[] = [];
  for (const d of document) {
    const dk = nameKeysOf([d.name]);
    if (!dk.given[0] || dk.given[0].length < 2) continue;
    const married = d.relation === 'spouse' && dk.surnameKeys.some((k) => ownSurnameKeys.includes(k));
    const match = tree.find((t) => {
      if (t.relation !== d.relation) return false;
      const tk = nameKeysOf([t.name]);
      if (!givenCompatible(dk.given, tk.given)) return false;
      return married || dk.surnameKeys.some((k) => tk.surnameKeys.includes(k));
    });
    if (match && !out.some((o) => o.tree === match)) out.push({ document: d, tree: match });
  }
  return out;
}

const WORDS: Record<Relation, [string, string, string]> = {
  parent: ['Father', 'Mother', 'Parent'],
  spouse: ['Husband', 'Wife', 'Spouse'],
  child: ['Son', 'Daughter', 'Child'],
  sibling: ['Brother', 'Sister', 'Sibling'],
};

/** "Father", "Wife", "Child": the relation in a word, by the relative's sex where either side knows it. */
export function relationWord(relation: Relation, ...sexes: (PersonSex | undefined)[]): string {
  const sex = sexes.find((s) => s === 'M' || s === 'F');
  return WORDS[relation][sex === 'M' ? 0 : sex === 'F' ? 1 : 2];
}
