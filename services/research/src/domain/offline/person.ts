import {
  type Conflict,
  foldText,
  type IndividualDetail,
  type PersonSex,
  type Relation,
  type TimelineEventKind,
} from '@gnology/contracts';
import {
  canonicalGiven,
  givenAgreement,
  givenCompatible,
  parseName,
  surnameKeys,
} from '@gnology/genealogy/people/names';
import type { Source } from './sources';

/*
 * One individual as Gene answers about them: the people index's view (decision 0185) — events,
 * relatives and conflicts, each with the documents that give it. It comes from the user's whole
 * index (`IndividualDetail`) or from the documents at hand grouped the same way (local-index.ts).
 */

export interface Fact {
  kind: TimelineEventKind;
  /** Normalized as `DateInfoItem.normalized` ("1887-06-14", "1886-06", "1831"). */
  date: string | null;
  year: number | null;
  place: string | null;
  detail: string | null;
  /** The year comes from an age ("estimated from age 69 in 1900"). */
  estimated: boolean;
  source: Source;
}

export interface Kin {
  name: string;
  /** What the relative is to the person ("parent": the relative is their parent). */
  relation: Relation;
  sources: Source[];
}

export interface Person {
  key: string;
  name: string;
  sex: PersonSex;
  variants: string[];
  facts: Fact[];
  kin: Kin[];
  conflicts: Conflict[];
  /** One source per mention: the documents that name them. */
  evidence: Source[];
  /** From the user's whole people index rather than the documents at hand. */
  fromIndex: boolean;
}

/** Whether two written names can be one person's: a shared surname key and given names that agree. */
export function sameName(a: string, b: string): boolean {
  const pa = parseName(a);
  const pb = parseName(b);
  const ka = surnameKeys(pa);
  const kb = surnameKeys(pb);
  if (!ka.length || !kb.length || !ka.some((k) => kb.includes(k))) return false;
  return givenCompatible(canonicalGiven(pa), canonicalGiven(pb));
}

const folded = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function writtenAs(p: Person, name: string): boolean {
  const n = folded(name);
  return folded(p.name) === n || p.variants.some((v) => folded(v) === n);
}

/**
 * The person a name means: one written exactly so first, else the closest compatible one (most
 * given names agreeing, then most documents). "Thomas Whitfield" is the grandfather, never his
 * grandson "Thomas Barnes Whitfield", when the records write the grandfather so.
 */
export function resolvePerson(name: string, people: readonly Person[]): Person | null {
  const exact = people.filter((p) => writtenAs(p, name));
  if (exact.length) return [...exact].sort(byWeight)[0]!;
  const parsed = parseName(name);
  const given = canonicalGiven(parsed);
  // "Margaret" alone: the person of that first given name, when the documents hold one.
  if (!parsed.surname) {
    const first = people.filter((p) => canonicalGiven(parseName(p.name))[0] === given[0]);
    return [...first].sort(byWeight)[0] ?? null;
  }
  const fits = people.filter((p) => sameName(p.name, name) || p.variants.some((v) => sameName(v, name)));
  const score = (p: Person) => givenAgreement(canonicalGiven(parseName(p.name)), given);
  return [...fits].sort((a, b) => score(b) - score(a) || byWeight(a, b))[0] ?? null;
}

function byWeight(a: Person, b: Person): number {
  return (
    Number(b.fromIndex) - Number(a.fromIndex) ||
    b.evidence.length - a.evidence.length ||
    b.facts.length - a.facts.length ||
    a.key.localeCompare(b.key)
  );
}

const estimatedDetail = (detail: string | null) => !!detail && /^estimated\b/i.test(detail);

/** The index's individual in Gene's terms; relatives' documents are found afterwards (withKinSources). */
export function fromIndex(d: IndividualDetail): Person {
  const pageIn = (documentId: string) => d.evidence.find((e) => e.documentId === documentId)?.page ?? null;
  const sourceIn = (documentId: string): Source => {
    const e = d.evidence.find((x) => x.documentId === documentId);
    const fileName = e?.fileName ?? d.timeline.find((t) => t.documentId === documentId)?.fileName ?? 'a document';
    return { documentId, fileName, page: e?.page ?? null };
  };
  return {
    key: `index:${d.individual.id}`,
    name: d.individual.name,
    sex: d.individual.sex,
    variants: d.variants,
    facts: d.timeline.map((t) => ({
      kind: t.kind,
      date: t.date,
      year: t.year,
      place: t.place,
      detail: t.detail,
      estimated: estimatedDetail(t.detail),
      source: { documentId: t.documentId, fileName: t.fileName, page: pageIn(t.documentId) },
    })),
    // The index names the documents that state each relation (absent from indexes built before it).
    kin: dedupeKin(
      d.individual.name,
      d.relatives.map((r) => ({ name: r.name, relation: r.relation, sources: (r.documentIds ?? []).map(sourceIn) })),
    ),
    conflicts: d.conflicts,
    evidence: d.evidence.map((e) => ({ documentId: e.documentId, fileName: e.fileName, page: e.page })),
    fromIndex: true,
  };
}

const docIds = (p: Person) => new Set(p.evidence.map((e) => e.documentId));

/** The documents that name both: where a relation between them is written. */
export function shared(a: Person, b: Person): Source[] {
  const ids = docIds(b);
  const seen = new Set<string>();
  return a.evidence.filter((e) => ids.has(e.documentId) && !seen.has(e.documentId) && seen.add(e.documentId));
}

/**
 * The local individual that is the index's: one that a shared document writes under the same name
 * (so the grandson "Thomas Barnes Whitfield" is never taken for the grandfather "Thomas Whitfield"),
 * the one sharing most documents first.
 */
function twinOf(i: Person, local: readonly Person[], used: ReadonlySet<Person>): Person | undefined {
  const written = new Set([i.name, ...i.variants].map(folded));
  const sharedCount = (l: Person) => shared(i, l).length;
  return local
    .filter((l) => !used.has(l) && sharedCount(l) > 0 && [l.name, ...l.variants].some((v) => written.has(folded(v))))
    .sort((a, b) => sharedCount(b) - sharedCount(a) || a.key.localeCompare(b.key))[0];
}

/**
 * The index and the documents at hand together: an individual of the index takes in the local
 * individual it shares a document and a name with (the index's facts first, the local ones it
 * lacks after); each relative of the index is given the documents that name both, from the local
 * grouping or the index itself. Local individuals the index does not hold are kept.
 */
export function mergePeople(indexed: readonly Person[], local: readonly Person[]): Person[] {
  const used = new Set<Person>();
  const merged = indexed.map((i) => {
    const ids = docIds(i);
    const twin = twinOf(i, local, used);
    if (!twin) return i;
    used.add(twin);
    // The documents at hand give the page that names the relative; the index's own documents stay.
    const kin = i.kin.map((k) => {
      const here = twin.kin.find((t) => t.relation === k.relation && sameName(t.name, k.name))?.sources ?? [];
      return { ...k, sources: [...here, ...k.sources.filter((s) => !here.some((h) => h.documentId === s.documentId))] };
    });
    for (const t of twin.kin) if (!kin.some((k) => k.relation === t.relation && sameName(k.name, t.name))) kin.push(t);
    const extra = twin.facts.filter((f) => !ids.has(f.source.documentId));
    const seen = new Set(i.conflicts.map((c) => c.message));
    return {
      ...i,
      kin: dedupeKin(i.name, kin),
      facts: [...i.facts, ...extra],
      conflicts: [...i.conflicts, ...twin.conflicts.filter((c) => !seen.has(c.message))],
      evidence: [...i.evidence, ...twin.evidence.filter((e) => !ids.has(e.documentId))],
    };
  });
  const all = [...merged, ...local.filter((l) => !used.has(l))];
  // A relative still without a document: one the index also holds shares a document with them.
  return all.map((p) => ({
    ...p,
    kin: p.kin.map((k) => {
      if (k.sources.length) return k;
      // Written so, never a looser match: a namesake must not lend his documents.
      const other = all.find((o) => o !== p && writtenAs(o, k.name));
      return { ...k, sources: other ? shared(p, other) : [] };
    }),
  }));
}

export function kinOf(p: Person, relation: Relation): Kin[] {
  return p.kin.filter((k) => k.relation === relation);
}

/** "he" / "she", or null when the records do not tell. */
export function pronoun(p: Person): 'he' | 'she' | null {
  return p.sex === 'M' ? 'he' : p.sex === 'F' ? 'she' : null;
}

/**
 * Each relative once: the same name and relation from two individuals of the index (a grouping not
 * yet sure they are one) is one line with both documents; a wife written under her husband's
 * surname ("Sarah Elizabeth Whitfield") and under her own ("Sarah Elizabeth Barnes") with the same
 * given names is one spouse, named as she was born.
 */
export function dedupeKin(personName: string, kin: readonly Kin[]): Kin[] {
  const surname = surnameKeys(parseName(personName));
  const out: Kin[] = [];
  const same = (a: Kin, b: Kin) => {
    if (a.relation !== b.relation) return false;
    if (folded(a.name) === folded(b.name)) return true;
    if (a.relation !== 'spouse') return false;
    const pa = parseName(a.name);
    const pb = parseName(b.name);
    const married = (p: typeof pa) => surnameKeys(p).some((k) => surname.includes(k));
    return (
      pa.given.length > 0 &&
      canonicalGiven(pa).join(' ') === canonicalGiven(pb).join(' ') &&
      married(pa) !== married(pb)
    );
  };
  for (const k of kin) {
    const found = out.find((o) => same(o, k));
    if (!found) {
      out.push({ ...k, sources: [...k.sources] });
      continue;
    }
    // The name she was born with, when one of the two is her married name.
    if (surnameKeys(parseName(found.name)).some((x) => surname.includes(x)) && k.relation === 'spouse')
      found.name = k.name;
    for (const s of k.sources)
      if (!found.sources.some((x) => x.documentId === s.documentId && x.page === s.page)) found.sources.push(s);
  }
  return out;
}
