import type { Relation } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { conflictsOf } from '../src/people/conflicts';
import { datesDisagree } from '../src/people/conflicts-dates';
import { type GroupableMention, groupMentions } from '../src/people/grouping';
import { describeIndividuals, type FactMention } from '../src/people/individuals';
import { canonicalGiven, parseName, surnameKeys } from '../src/people/names';
import type { SourcedEvent } from '../src/people/timeline';

/*
 * Issue 28's grouping and conflicts proven on hand-built mentions, apart from how records are read:
 * a grandfather and grandson of one name, a parent never merged with a child, ambiguous names
 * left alone, and one event dated twice.
 */

type Mention = GroupableMention & FactMention;
const m = (
  id: string,
  documentId: string,
  name: string,
  role: string,
  recordRole: string | null,
  extra: Partial<Mention> = {},
): Mention => {
  const p = parseName(name);
  return {
    id,
    documentId,
    fileName: `${documentId}.txt`,
    nameAsWritten: name,
    given: canonicalGiven(p),
    surnameKeys: surnameKeys(p),
    sex: 'M',
    birthYear: null,
    country: null,
    pinnedTo: null,
    role,
    recordRole,
    events: [],
    individualId: null,
    ...extra,
  };
};
const groups = (mentions: readonly GroupableMention[]) =>
  groupMentions(mentions)
    .map((c) => [...c.mentionIds].sort().join(','))
    .sort();

/** Groups and describes: each individual's mention ids and relatives as "mention-of-relative:relation". */
function build(mentions: Mention[]) {
  const clusters = groupMentions(mentions);
  clusters.forEach((c, i) => {
    for (const id of c.mentionIds) mentions.find((x) => x.id === id)!.individualId = `I${i}`;
  });
  const people = describeIndividuals(
    mentions,
    clusters.map((_, i) => `I${i}`),
  );
  const members = (id: string) => mentions.filter((x) => x.individualId === id).map((x) => x.id);
  return people.map((p) => ({
    mentions: members(p.id).sort().join(','),
    relatives: p.relatives.map((r) => `${members(r.individualId).sort().join(',')}:${r.relation}`).sort(),
    conflicts: p.conflicts,
  }));
}

describe('people grouping: generations', () => {
  // The obituary's Thomas is John Henry's father; the baptism's Thomas Barnes is John Henry's son.
  const family = () => [
    m('obit-thomas', 'obit', 'Thomas Whitfield', 'primary_subject', 'deceased'),
    m('obit-john', 'obit', 'John Henry Whitfield', 'child', 'son'),
    m('bapt-thomas', 'bapt', 'Thomas Whitfield', 'primary_subject', null),
    m('bapt-john', 'bapt', 'John Henry Whitfield', 'parent', 'father'),
  ];

  it('never merges a grandfather into his grandson of the same name, even without birth years', () => {
    expect(groups(family())).toEqual(['bapt-john,obit-john', 'bapt-thomas', 'obit-thomas']);
  });

  it('puts a third Thomas with the one whose family ties he shares', () => {
    // A letter: Thomas is the writer's father — the grandfather, not the grandson.
    const letter = [
      m('letter-john', 'letter', 'John Henry Whitfield', 'primary_subject', null),
      m('letter-thomas', 'letter', 'Thomas Whitfield', 'parent', 'father'),
    ];
    expect(groups([...family(), ...letter])).toEqual([
      'bapt-john,letter-john,obit-john',
      'bapt-thomas',
      'letter-thomas,obit-thomas',
    ]);
    // A census: the head's son Thomas — the grandson.
    const census = [
      m('census-john', 'census', 'John Whitfield', 'primary_subject', 'head'),
      m('census-thomas', 'census', 'Thomas Whitfield', 'child', 'son'),
    ];
    expect(groups([...family(), ...census])).toEqual([
      'bapt-john,census-john,obit-john',
      'bapt-thomas,census-thomas',
      'obit-thomas',
    ]);
  });

  it("joins a son named by his given name alone only to the group that is already that father's son", () => {
    // The letter's "our boy Thomas" (surname from the writer, his father): the grandson, whose
    // father John Henry is known; never the grandfather, and never a Thomas no tie confirms.
    const letter = [
      m('letter-john', 'letter', 'John Henry Whitfield', 'primary_subject', null),
      m('letter-boy', 'letter', 'Thomas', 'child', null, { surnameKeys: ['whitfield'] }),
    ];
    expect(groups([...family(), ...letter])).toEqual([
      'bapt-john,letter-john,obit-john',
      'bapt-thomas,letter-boy',
      'obit-thomas',
    ]);
    const unrelated = [
      m('census-thomas', 'census', 'Thomas Whitfield', 'primary_subject', 'head'),
      m('letter-john', 'letter', 'John Henry Whitfield', 'primary_subject', null),
      m('letter-boy', 'letter', 'Thomas', 'child', null, { surnameKeys: ['whitfield'] }),
    ];
    expect(groups(unrelated)).toEqual(['census-thomas', 'letter-boy', 'letter-john']);
  });

  it('keeps the relatives it derives free of loops: no one is their own parent, child or grandparent', () => {
    const people = build(family());
    expect(people.find((p) => p.mentions === 'bapt-john,obit-john')!.relatives).toEqual([
      'bapt-thomas:child',
      'obit-thomas:parent',
    ]);
    expect(people.find((p) => p.mentions === 'obit-thomas')!.relatives).toEqual(['bapt-john,obit-john:child']);
    expect(people.find((p) => p.mentions === 'bapt-thomas')!.relatives).toEqual(['bapt-john,obit-john:parent']);
  });

  it('never puts a person with their stated parent or child across documents', () => {
    // Doc a: Thomas is John's father; doc b: John (the same) is Thomas's father — the two Thomases differ,
    // and a Thomas never joins his own father's group even when names and years would allow it.
    const mentions = [
      m('a-thomas', 'a', 'Thomas Whitfield', 'parent', 'father'),
      m('a-john', 'a', 'John Whitfield', 'primary_subject', null),
      m('b-john', 'b', 'John Whitfield', 'parent', 'father'),
      m('b-thomas', 'b', 'Thomas Whitfield', 'primary_subject', null),
    ];
    expect(groups(mentions)).toEqual(['a-john,b-john', 'a-thomas', 'b-thomas']);
  });

  it("refuses a parent whose birth years leave them younger than PARENT_MIN_GAP before the child's", () => {
    const mentions = [
      m('a-thomas', 'a', 'Thomas Whitfield', 'primary_subject', null, { birthYear: 1889 }),
      m('a-john', 'a', 'John Whitfield', 'parent', 'father'),
      // Another Thomas (b. 1831), apart by his birth year.
      m('b-thomas', 'b', 'Thomas Whitfield', 'primary_subject', null, { birthYear: 1831 }),
      m('c-john', 'c', 'John Whitfield', 'primary_subject', null, { birthYear: 1862 }),
      m('c-thomas', 'c', 'Thomas Whitfield', 'child', 'son', { birthYear: 1889 }),
    ];
    // The 1862 John is the 1889 Thomas's father: both fathers are one man.
    expect(groups(mentions)).toEqual(['a-john,c-john', 'a-thomas,c-thomas', 'b-thomas']);
    // A child born before the parent could be: a John born 1880 is not the father of a Thomas born 1889.
    const young = [
      m('a-thomas', 'a', 'Thomas Whitfield', 'primary_subject', null, { birthYear: 1889 }),
      m('a-john', 'a', 'John Whitfield', 'parent', 'father'),
      m('c-john', 'c', 'John Whitfield', 'primary_subject', null, { birthYear: 1880 }),
    ];
    expect(groups(young)).toEqual(['a-john', 'a-thomas', 'c-john']);
  });

  it('never merges a spouse with a parent, nor two siblings of one name', () => {
    const mentions = [
      m('a-mary', 'a', 'Mary Whitfield', 'spouse', 'wife', { sex: 'F' }),
      m('a-john', 'a', 'John Whitfield', 'primary_subject', 'head'),
      m('b-john', 'b', 'John Whitfield', 'primary_subject', null),
      m('b-mary', 'b', 'Mary Whitfield', 'parent', 'mother', { sex: 'F' }),
    ];
    expect(groups(mentions)).toEqual(['a-john,b-john', 'a-mary', 'b-mary']);
    // The bride (found under her husband's surname) is not his sister of the same given name.
    const sister = [
      m('a-john', 'a', 'John Whitfield', 'primary_subject', 'groom'),
      m('a-mary', 'a', 'Mary Whitfield', 'spouse', 'bride', { sex: 'F' }),
      m('b-john', 'b', 'John Whitfield', 'primary_subject', 'head'),
      m('b-mary', 'b', 'Mary Whitfield', 'sibling', null, { sex: 'F' }),
    ];
    expect(groups(sister)).toEqual(['a-john,b-john', 'a-mary', 'b-mary']);
  });

  it('leaves a name that fits two people equally on its own (a missed merge over a wrong one)', () => {
    const mentions = [
      m('a', 'd1', 'John Henry Whitfield', 'primary_subject', null, { birthYear: 1830 }),
      m('b', 'd2', 'John Edward Whitfield', 'primary_subject', null, { birthYear: 1862 }),
      m('c', 'd3', 'John Whitfield', 'primary_subject', null),
      m('d', 'd4', 'J. Whitfield', 'primary_subject', null),
    ];
    expect(groups(mentions)).toEqual(['a', 'b', 'c', 'd']);
    // An initial fits a Thomas whose middle name no record gives as well as Thomas Barnes: alone,
    // unless a birth year or a family tie chooses.
    const thomases = [
      m('a', 'd1', 'Thomas Whitfield', 'primary_subject', null, { birthYear: 1831 }),
      m('b', 'd2', 'Thomas Barnes Whitfield', 'primary_subject', null, { birthYear: 1889 }),
    ];
    expect(groups([...thomases, m('c', 'd3', 'Thomas B. Whitfield', 'primary_subject', null)])).toEqual([
      'a',
      'b',
      'c',
    ]);
    const dated = m('c', 'd3', 'Thomas B. Whitfield', 'primary_subject', null, { birthYear: 1889 });
    expect(groups([...thomases, dated])).toEqual(['a', 'b,c']);
    // A birth year, or an initial that only one group's names allow, lets it join.
    const placed = [
      ...mentions.slice(0, 2),
      m('c', 'd3', 'John Whitfield', 'primary_subject', null, { birthYear: 1861 }),
    ];
    expect(groups(placed)).toEqual(['a', 'b,c']);
    expect(groups([...mentions.slice(0, 2), m('e', 'd5', 'John H. Whitfield', 'primary_subject', null)])).toEqual([
      'a,e',
      'b',
    ]);
  });
});

describe('people conflicts: one event, two dates', () => {
  const ev = (kind: SourcedEvent['kind'], date: string, documentId: string, extra: Partial<SourcedEvent> = {}) =>
    ({
      kind,
      date,
      year: Number(date.slice(0, 4)),
      place: null,
      detail: null,
      documentId,
      fileName: `${documentId}.txt`,
      ...extra,
    }) as SourcedEvent;
  const spouse = (name: string) => ({ relation: 'spouse' as Relation, name, sex: 'F' as const, timeline: [] });

  it('compares dates at the precision both give', () => {
    expect(datesDisagree(ev('marriage', '1886-06', 'l'), ev('marriage', '1887-06-14', 'c'))).toBe(true);
    expect(datesDisagree(ev('marriage', '1887', 'l'), ev('marriage', '1887-06-14', 'c'))).toBe(false);
    expect(datesDisagree(ev('marriage', '1887-06', 'l'), ev('marriage', '1887-06-14', 'c'))).toBe(false);
    expect(datesDisagree(ev('marriage', '1887-05', 'l'), ev('marriage', '1887-06-14', 'c'))).toBe(true);
    expect(datesDisagree(ev('death', '1902-03-03', 'l'), ev('death', '1902-03-04', 'c'))).toBe(true);
  });

  it('flags a marriage dated June 1886 in a letter and 14 June 1887 on the certificate, naming both', () => {
    const timeline = [
      ev('marriage', '1886-06', 'letter'),
      ev('marriage', '1887-06-14', 'certificate', { registered: true }),
    ];
    const [c, ...rest] = conflictsOf('John Henry Whitfield', 'M', timeline, [spouse('Sarah')]);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ kind: 'event_dates', documentIds: ['certificate', 'letter'] });
    expect(c!.message).toBe(
      "John Henry Whitfield's marriage is dated differently: 14 June 1887 in certificate.txt, June 1886 in letter.txt.",
    );
    // "1887" against the full date is the same wedding at a coarser precision.
    expect(conflictsOf('J', 'M', [ev('marriage', '1887', 'letter'), timeline[1]!], [])).toEqual([]);
    // Two spouses: two weddings, not one dated twice.
    expect(conflictsOf('J', 'M', timeline, [spouse('Sarah'), spouse('Ann')])).toEqual([]);
  });

  it('flags a death or a burial dated twice, and a birth of one year with different days', () => {
    expect(
      conflictsOf('T', 'M', [ev('death', '1902-03-03', 'obit'), ev('death', '1902-03-13', 'letter')], [])[0],
    ).toMatchObject({ kind: 'event_dates', documentIds: ['letter', 'obit'] });
    expect(
      conflictsOf('T', 'M', [ev('birth', '1862-03-02', 'a'), ev('birth', '1862-04-02', 'b')], []).map((c) => c.kind),
    ).toEqual(['event_dates']);
    // Different years are birth_years' alone.
    expect(
      conflictsOf('T', 'M', [ev('birth', '1862-03-02', 'a'), ev('birth', '1863-03-02', 'b')], []).map((c) => c.kind),
    ).toEqual(['birth_years']);
    // A year alone agrees with a full date of that year.
    expect(conflictsOf('T', 'M', [ev('death', '1902-03-03', 'a'), ev('death', '1902', 'b')], [])).toEqual([]);
  });

  it('flags an age that cannot fit the stated birth beyond the tolerance, naming both records', () => {
    const born = ev('birth', '1889-02-10', 'baptism', { registered: true });
    const age = (years: number, at: number, doc: string) =>
      ev('birth', String(at - years), doc, {
        estimated: true,
        age: years,
        detail: `estimated from age ${years} in ${at}`,
      });
    // Aged 11 in 1900, aged 13 in 1902: within the years an age allows.
    expect(conflictsOf('T', 'M', [born, age(11, 1900, 'census'), age(13, 1902, 'letter')], [])).toEqual([]);
    // Aged 71 in 1902 for a child born 1889: the letter's age is not his.
    const [c] = conflictsOf('T', 'M', [born, age(71, 1902, 'letter')], []);
    expect(c).toMatchObject({ kind: 'birth_years', documentIds: ['baptism', 'letter'] });
    expect(c!.message).toBe(
      "T's birth year differs: 10 February 1889 in baptism.txt, 1830 or 1831 (estimated from age 71 in 1902) in letter.txt.",
    );
    // Even when two stated births disagree too, the age is reported on its own.
    const named = conflictsOf('T', 'M', [born, ev('birth', '1887', 'obit'), age(30, 1902, 'letter')], []).map((x) =>
      x.documentIds.join(','),
    );
    expect(named).toEqual(['baptism,obit', 'baptism,letter']);
  });
});
