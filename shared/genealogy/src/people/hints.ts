import type { PersonRole, PersonSex, RecordRole } from '@gnology/contracts';
import type { TreeFact } from '../gedcom/tree';
import {
  agreeingRelatives,
  compareYears,
  type NameKeys,
  type NamedRelative,
  nameKeysOf,
  namesAgree,
  relationWord,
  samePlace,
  type Verdict,
} from './hints-facts';
import type { MentionEvent } from './mention-types';
import { relationBetween } from './relations';

/*
 * Hints (issue 32, decision 0227): a person a document names who is, by the evidence, someone of
 * the user's imported tree. Precision first: a wrong hint invites a false ancestor, a missed one
 * costs a search. A hint needs agreeing names AND at least one more agreeing fact (a birth, death
 * or marriage year, or a parent, spouse or child of the same name), and no contradiction (another
 * sex, a year too far apart, an event outside the tree person's life). Where two tree people fit
 * equally — a father and his namesake son with no year to tell them apart — there is no hint.
 */

/** A person named in one document, as the people index stores them (people_mentions). */
export interface HintMention {
  documentId: string;
  mentionKey: string;
  nameAsWritten: string;
  /** Canonical given names (names.ts). */
  given: readonly string[];
  surnameKeys: readonly string[];
  sex: PersonSex;
  role: string;
  recordRole: string | null;
  events: readonly MentionEvent[];
}

export interface LifeEvent {
  year: number | null;
  place: string | null;
}

/** A person of an imported tree, with what the file says of their life and family. */
export interface HintTreePerson {
  id: string;
  /** Stable across a re-import of the same file (file name, xref, name): rejections are kept under it. */
  key: string;
  name: string;
  /** Given names and surname without a suffix ("Joseph Patrick Kennedy" of "... Kennedy I"): what names are compared on. */
  matchName: string;
  otherNames: readonly string[];
  sex: PersonSex;
  birth: LifeEvent;
  death: LifeEvent;
  marriages: readonly LifeEvent[];
  relatives: readonly NamedRelative[];
}

export interface Hint {
  documentId: string;
  mentionKey: string;
  treeId: string;
  treeKey: string;
  nameAsWritten: string;
  /** 0.5–0.99: more agreeing facts, a higher score. */
  score: number;
  /** Short sentences saying what agrees ("Born 1917 in both"). */
  reasons: string[];
}

/** The key of a document's person and a tree person, as rejections are remembered. */
export const hintPairKey = (documentId: string, mentionKey: string, treeKey: string) =>
  `${documentId}|${mentionKey}|${treeKey}`;

/** A year agreeing counts 2, a relative 2, a place 1; a hint needs 2 besides the name. */
const NEEDED = 2;

/** The life events a tree file states: birth (else christening or baptism), death (else burial). */
export function lifeOfTreeFacts(facts: readonly TreeFact[]): { birth: LifeEvent; death: LifeEvent } {
  const first = (tags: string[]): LifeEvent => {
    for (const tag of tags) {
      const f = facts.find((x) => x.tag === tag && (x.year !== null || x.place));
      if (f) return { year: f.year, place: f.place };
    }
    return { year: null, place: null };
  };
  return { birth: first(['BIRT', 'CHR', 'BAPM']), death: first(['DEAT', 'BURI']) };
}

/**
 * The hints for `mentions` among `tree`: at most one tree person per document's person (none when
 * two fit as well), never a pair in `rejected` (hintPairKey). Tree people are looked up by surname
 * key, so 3,000 of them against a few hundred names take milliseconds.
 */
export function findHints(
  mentions: readonly HintMention[],
  tree: readonly HintTreePerson[],
  rejected: ReadonlySet<string> = new Set(),
): Hint[] {
  const prepared = tree.map((t) => ({ t, keys: nameKeysOf([t.matchName, ...t.otherNames]) }));
  const bySurname = new Map<string, typeof prepared>();
  for (const p of prepared)
    for (const k of p.keys.surnameKeys) {
      const list = bySurname.get(k) ?? [];
      list.push(p);
      bySurname.set(k, list);
    }
  const relatives = relativesInDocuments(mentions);
  const out: Hint[] = [];
  for (const m of mentions) {
    const own: NameKeys = { given: [...m.given], surnameKeys: [...m.surnameKeys] };
    const seen = new Set<string>();
    const fits: { hint: Hint; support: number }[] = [];
    for (const k of m.surnameKeys)
      for (const p of bySurname.get(k) ?? []) {
        if (seen.has(p.t.id)) continue;
        seen.add(p.t.id);
        if (rejected.has(hintPairKey(m.documentId, m.mentionKey, p.t.key))) continue;
        if (!namesAgree(own, p.keys)) continue;
        const judged = judge(m, relatives.get(m) ?? [], p.t);
        if (judged) fits.push(judged);
      }
    fits.sort((a, b) => b.support - a.support || a.hint.treeId.localeCompare(b.hint.treeId));
    const [best, second] = fits;
    if (best && (!second || best.support >= second.support + NEEDED)) out.push(best.hint);
  }
  return out;
}

/** What each mention's document says of its relatives (relations.ts), with their names as written. */
function relativesInDocuments(mentions: readonly HintMention[]): Map<HintMention, NamedRelative[]> {
  const byDocument = new Map<string, HintMention[]>();
  for (const m of mentions) byDocument.set(m.documentId, [...(byDocument.get(m.documentId) ?? []), m]);
  const part = (m: HintMention) => ({
    role: m.role as PersonRole,
    recordRole: m.recordRole as RecordRole | null,
    sex: m.sex,
    surnameKeys: m.surnameKeys,
  });
  const out = new Map<HintMention, NamedRelative[]>();
  for (const group of byDocument.values())
    for (const m of group) {
      const list: NamedRelative[] = [];
      for (const other of group) {
        if (other === m) continue;
        const relation = relationBetween(part(m), part(other));
        if (relation) list.push({ relation, name: other.nameAsWritten, sex: other.sex });
      }
      out.set(m, list);
    }
  return out;
}

/** The document's person against one tree person: null on a contradiction or too little agreeing. */
function judge(m: HintMention, relatives: readonly NamedRelative[], t: HintTreePerson) {
  if (m.sex !== 'U' && t.sex !== 'U' && m.sex !== t.sex) return null;
  const reasons = [`Name: ${m.nameAsWritten.replace(/\s+/g, ' ').trim()} = ${t.name}`];
  let support = 0;
  const verdicts: Verdict[] = [];
  const year = (label: string, doc: MentionEvent | undefined, tree: LifeEvent) => {
    const estimated = doc?.estimated === true;
    const v = compareYears(doc?.year ?? null, tree.year, estimated);
    verdicts.push(v);
    if (v === 'agree') {
      support += 2;
      const about = estimated ? 'about ' : '';
      reasons.push(
        doc!.year === tree.year
          ? `${label} ${about}${tree.year} in both`
          : `${label} ${about}${doc!.year} in the document, ${tree.year} in the tree`,
      );
    }
    if (doc?.place && samePlace(doc.place, tree.place)) {
      support += 1;
      reasons.push(`${label} in ${doc.place.split(',')[0]!.trim()} in both`);
    }
  };
  year('Born', birthOf(m.events), t.birth);
  year(
    'Died',
    m.events.find((e) => e.kind === 'death' && e.year !== null) ?? m.events.find((e) => e.kind === 'burial'),
    t.death,
  );
  const married = m.events.find((e) => e.kind === 'marriage' && (e.year !== null || e.place));
  if (married) {
    // A second marriage is no contradiction: one of the tree's marriages agreeing is support.
    const match = t.marriages.find((x) => compareYears(married.year, x.year, false) === 'agree');
    if (match) {
      support += 2;
      reasons.push(
        married.year === match.year
          ? `Married ${match.year} in both`
          : `Married ${married.year} in the document, ${match.year} in the tree`,
      );
    }
    if (married.place && t.marriages.some((x) => samePlace(married.place, x.place))) {
      support += 1;
      reasons.push(`Married in ${married.place.split(',')[0]!.trim()} in both`);
    }
  }
  if (verdicts.includes('contradict') || outsideLife(m.events, t)) return null;
  for (const r of agreeingRelatives(relatives, t.relatives, m.surnameKeys).slice(0, 3)) {
    support += 2;
    reasons.push(`${relationWord(r.tree.relation, r.document.sex, r.tree.sex)} ${r.tree.name} in both`);
  }
  if (support < NEEDED) return null;
  const score = Math.round(Math.min(0.99, 0.5 + support * 0.08) * 100) / 100;
  return {
    support,
    hint: {
      documentId: m.documentId,
      mentionKey: m.mentionKey,
      treeId: t.id,
      treeKey: t.key,
      nameAsWritten: m.nameAsWritten,
      score,
      reasons,
    },
  };
}

/** The birth the document gives: a stated birth, else a baptism, else one estimated from an age. */
function birthOf(events: readonly MentionEvent[]): MentionEvent | undefined {
  const births = events.filter((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.year !== null);
  return births.find((e) => e.kind === 'birth' && !e.estimated) ?? births.find((e) => !e.estimated) ?? births[0];
}

/**
 * An event of the person's own life the document dates before the tree person was born, or a
 * marriage, residence or occupation after they died: another person (a grandson of one name).
 */
function outsideLife(events: readonly MentionEvent[], t: HintTreePerson): boolean {
  for (const e of events) {
    if (e.year === null || e.estimated) continue;
    if (t.birth.year !== null && e.year < t.birth.year - 1) return true;
    const living = e.kind === 'marriage' || e.kind === 'residence' || e.kind === 'occupation';
    if (living && t.death.year !== null && e.year > t.death.year + 1) return true;
  }
  return false;
}
