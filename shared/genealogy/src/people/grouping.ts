import type { PersonSex } from '@gnology/contracts';
import { givenAgreement, givenCompatible } from './names';

/** What grouping reads of a mention. */
export interface GroupableMention {
  id: string;
  documentId: string;
  given: readonly string[];
  surnameKeys: readonly string[];
  sex: PersonSex;
  birthYear: number | null;
  country: string | null;
  /** The individual the user put this mention in (merge or split); grouping never moves it. */
  pinnedTo: string | null;
}

export interface Cluster {
  /** The pinned individual's id; null for a group grouping formed. */
  pinnedTo: string | null;
  mentionIds: string[];
}

/** Birth years further apart than this are two people (ages in censuses drift a few years). */
export const BIRTH_YEAR_SPREAD = 5;

interface Building {
  pinnedTo: string | null;
  members: GroupableMention[];
  documents: Set<string>;
  keys: Set<string>;
  givens: (readonly string[])[];
  sex: PersonSex;
  minBirth: number | null;
  maxBirth: number | null;
  countries: Set<string>;
}

/**
 * Groups mentions into candidate individuals (decision 0185). The user's pins come first and are
 * never undone; every other mention joins the best compatible group or starts one. Compatible
 * means: a shared surname key (variant spellings and maiden names), given names that agree
 * (initials included), no contrary sex, birth years within BIRTH_YEAR_SPREAD, no shared document
 * (two people of one record are two people), and, when neither side has a birth year, the same
 * country where both name one. Fuller names are placed first, so "J. Whitfield" finds the John
 * the other records describe; an initial that fits two different people starts its own group.
 * Ties go by document id, so a rebuild groups the same library the same way.
 */
export function groupMentions(mentions: readonly GroupableMention[]): Cluster[] {
  const clusters: Building[] = [];
  const byKey = new Map<string, Building[]>();
  const index = (c: Building, keys: readonly string[]) => {
    for (const k of keys) {
      if (c.keys.has(k)) continue;
      c.keys.add(k);
      const list = byKey.get(k) ?? [];
      list.push(c);
      byKey.set(k, list);
    }
  };
  const pinned = new Map<string, Building>();
  for (const m of mentions) {
    if (!m.pinnedTo) continue;
    let c = pinned.get(m.pinnedTo);
    if (!c) {
      c = emptyCluster(m.pinnedTo);
      pinned.set(m.pinnedTo, c);
      clusters.push(c);
    }
    add(c, m);
    index(c, m.surnameKeys);
  }
  const free = mentions
    .filter((m) => !m.pinnedTo)
    .sort(
      (a, b) =>
        fullness(b) - fullness(a) ||
        (b.birthYear !== null ? 1 : 0) - (a.birthYear !== null ? 1 : 0) ||
        a.documentId.localeCompare(b.documentId) ||
        a.id.localeCompare(b.id),
    );
  for (const m of free) {
    const candidates = new Set<Building>();
    for (const k of m.surnameKeys) for (const c of byKey.get(k) ?? []) candidates.add(c);
    const fits = [...candidates].filter((c) => compatible(c, m));
    let best: Building | undefined;
    if (fits.length === 1) best = fits[0];
    else if (fits.length > 1) {
      const scored = fits.map((c) => ({ c, s: score(c, m) })).sort((a, b) => b.s - a.s);
      // Only an initial fits several different people: it stays on its own.
      const ambiguous = m.given.every((g) => g.length === 1) && scored[0]!.s === scored[1]!.s;
      if (!ambiguous) best = scored[0]!.c;
    }
    if (!best) {
      best = emptyCluster(null);
      clusters.push(best);
    }
    add(best, m);
    index(best, m.surnameKeys);
  }
  return clusters.map((c) => ({ pinnedTo: c.pinnedTo, mentionIds: c.members.map((m) => m.id) }));
}

function emptyCluster(pinnedTo: string | null): Building {
  return {
    pinnedTo,
    members: [],
    documents: new Set(),
    keys: new Set(),
    givens: [],
    sex: 'U',
    minBirth: null,
    maxBirth: null,
    countries: new Set(),
  };
}

function add(c: Building, m: GroupableMention): void {
  c.members.push(m);
  c.documents.add(m.documentId);
  c.givens.push(m.given);
  if (c.sex === 'U') c.sex = m.sex;
  if (m.birthYear !== null) {
    c.minBirth = c.minBirth === null ? m.birthYear : Math.min(c.minBirth, m.birthYear);
    c.maxBirth = c.maxBirth === null ? m.birthYear : Math.max(c.maxBirth, m.birthYear);
  }
  if (m.country) c.countries.add(m.country);
}

function fullness(m: GroupableMention): number {
  return m.given.reduce((n, g) => n + (g.length > 1 ? 2 : 1), 0);
}

function compatible(c: Building, m: GroupableMention): boolean {
  if (c.documents.has(m.documentId)) return false;
  if (c.sex !== 'U' && m.sex !== 'U' && c.sex !== m.sex) return false;
  if (!c.givens.every((g) => givenCompatible(g, m.given))) return false;
  if (m.birthYear !== null && c.minBirth !== null && c.maxBirth !== null) {
    if (m.birthYear < c.maxBirth - BIRTH_YEAR_SPREAD || m.birthYear > c.minBirth + BIRTH_YEAR_SPREAD) return false;
  }
  if ((m.birthYear === null || c.minBirth === null) && m.country && c.countries.size > 0 && !c.countries.has(m.country))
    return false;
  return true;
}

function score(c: Building, m: GroupableMention): number {
  const names = Math.max(...c.givens.map((g) => givenAgreement(g, m.given)));
  const years =
    m.birthYear !== null && c.minBirth !== null
      ? 3 - Math.min(3, Math.abs(m.birthYear - (c.minBirth + (c.maxBirth ?? c.minBirth)) / 2))
      : 0;
  return names * 10 + years + Math.min(c.members.length, 5) / 10;
}
