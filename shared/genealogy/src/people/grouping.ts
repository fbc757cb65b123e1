import type { PersonSex, Relation } from '@gnology/contracts';
import { type KinNode, placedTies, type Ties, tie, tiesAgreeing, tiesAllow, tiesOf } from './kinship';
import { givenAgreement, givenCompatible, parseName } from './names';

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
  /** The part played in the record (PersonTag role, record role): the family ties it states (kinship.ts). */
  role?: string;
  recordRole?: string | null;
  /** As written: a given name alone ("Thomas", surname from the father) joins only a group its ties confirm. */
  nameAsWritten?: string;
}

/** A mention left where it is while others are regrouped around it (an incremental update's context). */
export interface PlacedMention extends GroupableMention {
  individualId: string;
}

export interface Cluster {
  /** The pinned individual's id; null for a group grouping formed. */
  pinnedTo: string | null;
  mentionIds: string[];
}

/** Birth years further apart than this are two people (ages in censuses drift a few years). */
export const BIRTH_YEAR_SPREAD = 5;

interface Building extends KinNode {
  pinnedTo: string | null;
  members: GroupableMention[];
  documents: Set<string>;
  keys: Set<string>;
  /** The distinct given-name lists of the members (a group of a hundred John Henrys compares one). */
  givens: Map<string, readonly string[]>;
  sex: PersonSex;
  countries: Set<string>;
}

type Placed = { node: Building; relation: Relation }[];

/**
 * Groups mentions into candidate individuals (decision 0185). The user's pins come first and are
 * never undone; every other mention joins the best compatible group or starts one. Compatible
 * means: a shared surname key (variant spellings and maiden names), given names that agree
 * (initials included), no contrary sex, birth years within BIRTH_YEAR_SPREAD, no shared document
 * (two people of one record are two people), when neither side has a birth year the same country
 * where both name one, and family ties that agree (kinship.ts, issue 28): a mention is never put
 * with its own parent, child, spouse or sibling, nor where its parent would become its descendant
 * (the grandfather and the grandson of one name). Fuller names are placed first and names with
 * an initial last, so "J. Whitfield" finds the John the other records describe. A mention that
 * fits several groups equally well — a name no birth year or tie tells apart, or an initial the
 * ties and years do not place ("Thomas B." beside a Thomas and a Thomas Barnes) — starts its own
 * group: a missed merge costs the user a click, a wrong one a false ancestor. Ties go by document
 * id, so a rebuild groups the same library the same way.
 *
 * `context`: mentions that stay in their individuals (an update regroups only the names a new
 * record touches); they are there for their family ties alone — the relatives they place keep
 * a regrouped mention from joining its own father — and no mention joins their individuals.
 */
export function groupMentions(
  mentions: readonly GroupableMention[],
  context: readonly PlacedMention[] = [],
): Cluster[] {
  const clusters: Building[] = [];
  // Groups by surname key and first letter of the first given name: only those can agree with a
  // mention's names, so a library of many John Smiths does not compare each with every Smith.
  const byKey = new Map<string, Building[]>();
  const ties: Ties = tiesOf(context.length ? [...context, ...mentions] : mentions);
  const clusterOf = new Map<string, Building>();
  const index = (c: Building, m: GroupableMention) => {
    for (const k of bucketsOf(m)) {
      if (c.keys.has(k)) continue;
      c.keys.add(k);
      const list = byKey.get(k) ?? [];
      list.push(c);
      byKey.set(k, list);
    }
  };
  // The groups of the mention's relatives already placed: what its ties say of a group it may join.
  const placedOf = (m: GroupableMention): Placed => {
    const out: Placed = [];
    for (const t of ties.get(m.id) ?? []) {
      const node = clusterOf.get(t.other);
      if (node) out.push({ node, relation: t.relation });
    }
    return out;
  };
  const join = (c: Building, m: GroupableMention, placed: Placed) => {
    add(c, m);
    index(c, m);
    clusterOf.set(m.id, c);
    tie(c, placed);
  };
  // The context's individuals, as they are: their ties place the regrouped mentions' relatives,
  // but no mention joins them here (they are neither indexed nor returned).
  const placedAlready = new Map<string, Building>();
  for (const m of context) {
    let c = placedAlready.get(m.individualId);
    if (!c) {
      c = emptyCluster(m.individualId);
      placedAlready.set(m.individualId, c);
    }
    const placed = placedOf(m);
    add(c, m);
    clusterOf.set(m.id, c);
    tie(c, placed);
  }
  const pinned = new Map<string, Building>();
  for (const m of mentions) {
    if (!m.pinnedTo) continue;
    let c = pinned.get(m.pinnedTo);
    if (!c) {
      c = emptyCluster(m.pinnedTo);
      pinned.set(m.pinnedTo, c);
      clusters.push(c);
    }
    join(c, m, placedOf(m));
  }
  // A given name alone (its surname the father's) or with an initial says least of who it is.
  const lone = new Set(
    mentions.filter((m) => m.nameAsWritten !== undefined && parseName(m.nameAsWritten).surname === '').map((m) => m.id),
  );
  const weak = (m: GroupableMention) => (lone.has(m.id) ? 2 : hasInitial(m));
  const free = mentions
    .filter((m) => !m.pinnedTo)
    .sort(
      (a, b) =>
        // Names with an initial, then given names alone, last: by then every group they might
        // belong to, and the relatives that place them, are there to compare.
        weak(a) - weak(b) ||
        fullness(b) - fullness(a) ||
        (b.birthYear !== null ? 1 : 0) - (a.birthYear !== null ? 1 : 0) ||
        a.documentId.localeCompare(b.documentId) ||
        a.id.localeCompare(b.id),
    );
  for (const m of free) {
    const placed = placedOf(m);
    const lines = placed.length ? placedTies(placed) : [];
    const candidates = new Set<Building>();
    for (const k of bucketsOf(m)) for (const c of byKey.get(k) ?? []) candidates.add(c);
    const fits = [...candidates].filter(
      (c) => compatible(c, m) && tiesAllow(c, m.birthYear, lines) && (!lone.has(m.id) || tiesAgreeing(c, placed) > 0),
    );
    let best: Building | undefined;
    if (fits.length === 1) best = fits[0];
    else if (fits.length > 1) {
      const scored = fits.map((c) => ({ c, s: score(c, m, placed) })).sort((a, b) => b.s - a.s);
      // Nothing but a group's size tells the best two apart: the mention could be either person.
      const ambiguous = Math.floor(scored[0]!.s) === Math.floor(scored[1]!.s);
      if (!ambiguous) best = scored[0]!.c;
    }
    if (!best) {
      best = emptyCluster(null);
      clusters.push(best);
    }
    join(best, m, placed);
  }
  return clusters.map((c) => ({ pinnedTo: c.pinnedTo, mentionIds: c.members.map((m) => m.id) }));
}

function bucketsOf(m: GroupableMention): string[] {
  const initial = m.given[0]?.[0] ?? '';
  return m.surnameKeys.map((k) => `${k}|${initial}`);
}

function emptyCluster(pinnedTo: string | null): Building {
  return {
    pinnedTo,
    members: [],
    documents: new Set(),
    keys: new Set(),
    givens: new Map(),
    sex: 'U',
    minBirth: null,
    maxBirth: null,
    countries: new Set(),
    parents: new Set(),
    children: new Set(),
    spouses: new Set(),
    siblings: new Set(),
  };
}

function add(c: Building, m: GroupableMention): void {
  c.members.push(m);
  c.documents.add(m.documentId);
  c.givens.set(m.given.join(' '), m.given);
  if (c.sex === 'U') c.sex = m.sex;
  if (m.birthYear !== null) {
    c.minBirth = c.minBirth === null ? m.birthYear : Math.min(c.minBirth, m.birthYear);
    c.maxBirth = c.maxBirth === null ? m.birthYear : Math.max(c.maxBirth, m.birthYear);
  }
  if (m.country) c.countries.add(m.country);
}

function hasInitial(m: GroupableMention): number {
  return m.given.some((g) => g.length === 1) ? 1 : 0;
}

function fullness(m: GroupableMention): number {
  return m.given.reduce((n, g) => n + (g.length > 1 ? 2 : 1), 0);
}

function compatible(c: Building, m: GroupableMention): boolean {
  if (c.documents.has(m.documentId)) return false;
  if (c.sex !== 'U' && m.sex !== 'U' && c.sex !== m.sex) return false;
  for (const g of c.givens.values()) if (!givenCompatible(g, m.given)) return false;
  if (m.birthYear !== null && c.minBirth !== null && c.maxBirth !== null) {
    if (m.birthYear < c.maxBirth - BIRTH_YEAR_SPREAD || m.birthYear > c.minBirth + BIRTH_YEAR_SPREAD) return false;
  }
  if ((m.birthYear === null || c.minBirth === null) && m.country && c.countries.size > 0 && !c.countries.has(m.country))
    return false;
  return true;
}

/**
 * How strongly the evidence puts `m` in `c`: agreeing given names, then a relative already in the
 * same relation to the group (the same father, the same spouse), then close birth years; the
 * group's size only breaks ties (the fraction, which `ambiguous` above ignores).
 */
function score(c: Building, m: GroupableMention, placed: Placed): number {
  let names = 0;
  // An initial agrees with any name of its letter: "Thomas B." fits the grandfather whose middle
  // name no record gives as well as Thomas Barnes, so among several groups only the family ties
  // and birth years may choose for it.
  if (!m.given.some((g) => g.length === 1))
    for (const g of c.givens.values()) names = Math.max(names, givenAgreement(g, m.given));
  const years =
    m.birthYear !== null && c.minBirth !== null
      ? 3 - Math.min(3, Math.abs(m.birthYear - (c.minBirth + (c.maxBirth ?? c.minBirth)) / 2))
      : 0;
  return names * 10 + tiesAgreeing(c, placed) * 5 + Math.round(years) + Math.min(c.members.length, 5) / 10;
}
