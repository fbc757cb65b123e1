import { describe, expect, it } from 'vitest';
import { type GroupableMention, groupMentions } from '../src/people/grouping';
import { describeIndividuals, type FactMention, type IndividualFacts } from '../src/people/individuals';
import { mentionsOfDocument } from '../src/people/mentions';
import {
  THREE_GENERATIONS,
  THREE_GENERATIONS_CONFLICT,
  THREE_GENERATIONS_NOT_PEOPLE,
  THREE_GENERATIONS_TRUTH,
} from './fixtures/three-generations';
import { readDocumentFacts } from './helpers/read-record';

/*
 * Issue 28 end to end: the five Whitfield records read by the rules, their people grouped and
 * described as the index does, against what a genealogist makes of them. The reading is proven
 * elsewhere (extraction tests) and the grouping and conflicts on hand-built mentions
 * (people-kinship.test.ts); here the whole chain must give the truth.
 */

/** Reads, groups and describes the five records as the documents service's index does. */
function indexOf(records: Record<string, string>): IndividualFacts[] {
  const all: (FactMention & GroupableMention)[] = [];
  for (const [name, text] of Object.entries(records)) {
    const mentions = mentionsOfDocument(readDocumentFacts(name, text));
    for (const m of mentions)
      all.push({
        ...m,
        id: `${name}#${m.ordinal}`,
        documentId: name,
        fileName: name,
        individualId: null,
        pinnedTo: null,
      });
  }
  const clusters = groupMentions(all);
  clusters.forEach((c, i) => {
    for (const id of c.mentionIds) all.find((m) => m.id === id)!.individualId = `I${i}`;
  });
  return describeIndividuals(
    all,
    clusters.map((_, i) => `I${i}`),
  );
}

describe('people index: three generations of one name (issue 28)', () => {
  const people = indexOf(THREE_GENERATIONS);
  const named = (name: string) => people.filter((p) => p.name === name);
  const one = (name: string) => named(name)[0]!;
  const relativesOf = (p: IndividualFacts, relation: string) =>
    p.relatives
      .filter((r) => r.relation === relation)
      .map((r) => r.name)
      .sort();
  const filesOf = (p: IndividualFacts, kind: string, date?: string) =>
    [
      ...new Set(
        p.timeline.filter((e) => e.kind === kind && (date === undefined || e.date === date)).map((e) => e.fileName),
      ),
    ].sort();

  it('makes each of the five people one individual: the grandfather and his grandson apart', () => {
    for (const truth of THREE_GENERATIONS_TRUTH) expect(named(truth.name), truth.name).toHaveLength(1);
    const ids = THREE_GENERATIONS_TRUTH.map((t) => one(t.name).id);
    expect(new Set(ids).size).toBe(5);
    const grandfather = one('Thomas Whitfield');
    const grandson = one('Thomas Barnes Whitfield');
    expect(grandfather.birthYear).toBe(1831);
    expect(grandson.birthYear).toBe(1889);
  });

  it('gives each the births the records state, from the files that state them', () => {
    for (const truth of THREE_GENERATIONS_TRUTH) {
      if (!truth.born) continue;
      const p = one(truth.name);
      const stated = p.timeline.filter((e) => e.kind === 'birth' && e.year === truth.born!.year && !e.estimated);
      expect([...new Set(stated.map((e) => e.fileName))].sort(), truth.name).toEqual([...truth.born.files].sort());
    }
  });

  it("gives Thomas's death (3 March 1902) to the grandfather only, from the letter and the obituary", () => {
    const died = THREE_GENERATIONS_TRUTH.find((t) => t.died)!;
    expect(filesOf(one(died.name), 'death', died.died!.date)).toEqual([...died.died!.files].sort());
    for (const p of people) if (p.name !== died.name) expect(filesOf(p, 'death', died.died!.date), p.name).toEqual([]);
    expect(one('Thomas Barnes Whitfield').deathYear).toBeNull();
    expect(one('John Henry Whitfield').deathYear).toBeNull();
  });

  it('gives each the parents, children and spouse the records state, and no one their own relative', () => {
    for (const truth of THREE_GENERATIONS_TRUTH) {
      const p = one(truth.name);
      expect(relativesOf(p, 'parent'), `${truth.name}'s parents`).toEqual([...(truth.parents ?? [])].sort());
      expect(relativesOf(p, 'child'), `${truth.name}'s children`).toEqual([...(truth.children ?? [])].sort());
      expect(relativesOf(p, 'spouse'), `${truth.name}'s spouse`).toEqual(truth.spouse ? [truth.spouse] : []);
    }
    // Each relation names the records that state it: the certificate and the obituary make Thomas John Henry's father.
    const father = one('John Henry Whitfield').relatives.find((r) => r.name === 'Thomas Whitfield');
    expect(father?.documentIds).toEqual(
      expect.arrayContaining(['whitfield-barnes-marriage-1887.png', 'thomas-whitfield-obituary-1902.txt']),
    );
    for (const p of people) {
      for (const r of p.relatives) expect(r.documentIds?.length, `${p.name} → ${r.name}`).toBeGreaterThan(0);
      for (const c of p.conflicts) expect(c.documentIds.length).toBeGreaterThan(1);
      expect(p.relatives.some((r) => r.individualId === p.id)).toBe(false);
      const parents = new Set(p.relatives.filter((r) => r.relation === 'parent').map((r) => r.individualId));
      expect(p.relatives.filter((r) => r.relation === 'child' && parents.has(r.individualId))).toEqual([]);
    }
  });

  it('flags the wedding dated June 1886 in the letter and 14 June 1887 on the certificate, naming both files', () => {
    const john = one(THREE_GENERATIONS_CONFLICT.person);
    const married = THREE_GENERATIONS_TRUTH.find((t) => t.married)!;
    expect(filesOf(john, 'marriage', married.married!.date)).toEqual(married.married!.files);
    const conflict = john.conflicts.find((c) => c.kind === 'event_dates');
    expect(conflict?.documentIds.slice().sort()).toEqual([...THREE_GENERATIONS_CONFLICT.files].sort());
    for (const file of THREE_GENERATIONS_CONFLICT.files) expect(conflict?.message).toContain(file);
    // The rest of the evidence agrees: no other conflict on anyone.
    expect(people.flatMap((p) => p.conflicts.filter((c) => c !== conflict).map((c) => c.message))).toEqual([]);
  });

  it('makes no person of a census column value, a place or an occupation', () => {
    for (const p of people)
      for (const not of THREE_GENERATIONS_NOT_PEOPLE)
        expect(
          [p.name, ...p.variants].some((v) => v.toLowerCase().includes(not.toLowerCase())),
          `${p.name}`,
        ).toBe(false);
  });
});
