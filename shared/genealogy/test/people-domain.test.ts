import type { DateInfoItem, PersonDetail, PersonTag } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';
import { conflictsOf } from '../src/people/conflicts';
import { type GroupableMention, groupMentions } from '../src/people/grouping';
import { describeIndividuals, type FactMention } from '../src/people/individuals';
import { type DocumentFacts, mentionsOfDocument } from '../src/people/mentions';
import { canonicalGiven, givenCompatible, parseName, surnameKeys } from '../src/people/names';
import { relationBetween } from '../src/people/relations';
import { birthYearOf, type SourcedEvent } from '../src/people/timeline';
import { MARY_ANN_DEATH, WHITFIELD_FAMILY } from '../../../services/documents/test/fixtures/family';

const date = (normalized: string): DateInfoItem => ({
  original: normalized,
  normalized,
  qualifier: 'exact',
  year: Number(normalized.slice(0, 4)),
});
const doc = (id: string, p: Partial<DocumentFacts>): DocumentFacts => ({
  id,
  fileName: `${id}.txt`,
  documentType: 'other',
  text: '',
  people: [],
  details: [],
  dates: [],
  places: [],
  occupations: [],
  pages: [],
  ...p,
});
const factsOf = (name: string, text: string): DocumentFacts => {
  const e = readRecord({ text, isImage: false, originalName: name });
  return doc(name, {
    fileName: name,
    documentType: e.documentType,
    text,
    people: e.peopleIdentified,
    details: e.personDetails ?? [],
    dates: e.dateInfo,
    places: e.geographicalInfo,
    occupations: e.occupations,
  });
};

describe('people index: names', () => {
  it('folds case and accents, sets titles and suffixes apart, reads maiden names and surname-first forms', () => {
    expect(parseName('Rev. John Henry Whitfield Jr.')).toEqual({
      given: ['john', 'henry'],
      surname: 'whitfield',
      maiden: null,
      title: 'Rev.',
      suffix: 'Jr.',
    });
    expect(parseName('Mary Ann Whitfield, née Brown')).toMatchObject({
      given: ['mary', 'ann'],
      surname: 'whitfield',
      maiden: 'brown',
    });
    expect(parseName('Anna Schmidt geb. Müller')).toMatchObject({
      given: ['anna'],
      surname: 'schmidt',
      maiden: 'muller',
    });
    expect(parseName('Whitfield, Thomas')).toMatchObject({ given: ['thomas'], surname: 'whitfield' });
    expect(parseName('Johannes van der Berg')).toMatchObject({ given: ['johannes'], surname: 'vanderberg' });
    expect(parseName('JOSÉ GARCÍA')).toMatchObject({ given: ['jose'], surname: 'garcia' });
  });
  it('meets surname variants and clerks’ abbreviations under one key', () => {
    expect(surnameKeys(parseName('Heinrich Müller'))).toEqual(surnameKeys(parseName('Henry Miller')));
    expect(canonicalGiven(parseName('Heinrich Müller'))).toEqual(canonicalGiven(parseName('Henry Miller')));
    expect(canonicalGiven(parseName('Wm. Smith'))).toEqual(['william']);
    expect(surnameKeys(parseName('Mary Whitfield née Brown')).sort()).toEqual(['brown', 'whitfield']);
    expect(surnameKeys(parseName('Mary Whitfield'))).not.toContain('brown');
  });
  it('agrees given names with initials and missing middle names, not different ones', () => {
    expect(givenCompatible(['john'], ['john', 'henry'])).toBe(true);
    expect(givenCompatible(['j', 'h'], ['john', 'henry'])).toBe(true);
    expect(givenCompatible(['john', 'henry'], ['john', 'edward'])).toBe(false);
    expect(givenCompatible(['james'], ['john'])).toBe(false);
    expect(givenCompatible(['henry'], ['john', 'henry'])).toBe(false);
  });
});

describe('people index: events from records', () => {
  it('reads births, marriages, deaths, burials, census residence and ages, and occupations', () => {
    const birth = mentionsOfDocument(factsOf('birth.txt', WHITFIELD_FAMILY['john-birth-1862.txt']!));
    expect(birth.find((m) => m.nameAsWritten === 'John Henry Whitfield')).toMatchObject({
      sex: 'M',
      birthYear: 1862,
      events: [expect.objectContaining({ kind: 'birth', date: '1862-03-02' })],
    });
    expect(birth.find((m) => m.nameAsWritten === 'Mary Ann Whitfield')).toMatchObject({
      sex: 'F',
      recordRole: 'mother',
      surnameKeys: ['whitfield', 'brown'],
      events: [],
    });

    const census = mentionsOfDocument(factsOf('census.txt', WHITFIELD_FAMILY['census-1880-raleigh.txt']!));
    const thomas = census.find((m) => m.nameAsWritten === 'Thomas Whitfield')!;
    expect(thomas.events.map((e) => [e.kind, e.year, e.detail])).toEqual([
      ['residence', 1880, 'census'],
      ['birth', 1832, 'estimated from age 48 in 1880'],
      ['occupation', 1880, 'farmer'],
    ]);
    expect(thomas).toMatchObject({ birthYear: 1832 });

    const obituary = mentionsOfDocument(
      factsOf(
        'obit.txt',
        `${WHITFIELD_FAMILY['thomas-obituary-1890.txt']} Burial at Oakwood Cemetery on 6 January 1890.`,
      ),
    );
    expect(obituary.find((m) => m.nameAsWritten === 'Thomas Whitfield')!.events.map((e) => [e.kind, e.date])).toEqual([
      ['death', '1890-01-03'],
      ['burial', '1890-01-06'],
      ['birth', '1828'],
      ['occupation', '1890-01-03'],
    ]);
    // Only the record's subject died: his wife and sons get no death from it.
    expect(obituary.find((m) => m.nameAsWritten === 'Mary Ann Whitfield')!.events).toEqual([]);

    const death = mentionsOfDocument(factsOf('death.txt', MARY_ANN_DEATH));
    expect(
      death
        .find((m) => m.nameAsWritten === 'Mary Ann Whitfield')!
        .events.map((e) => [e.kind, e.year, e.estimated ?? false]),
    ).toEqual([
      ['death', 1895, false],
      ['birth', 1833, true],
    ]);
  });
  it("dates each event by the words that announce it, not by the record's first date", () => {
    const certificate = factsOf(
      'marriage.txt',
      'CERTIFICATE OF MARRIAGE\nJohn Henry Whitfield, son of Thomas Whitfield, was born 2 March 1862 in Wake County.\nJohn Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh.',
    );
    const john = mentionsOfDocument(certificate).find((m) => m.nameAsWritten === 'John Henry Whitfield')!;
    expect(john.date).toBe('1887-06-14');
    expect(john.events.map((e) => [e.kind, e.date])).toEqual([
      ['marriage', '1887-06-14'],
      ['birth', '1862-03-02'],
    ]);
    // The wife's birth is not the deceased's, nor his death.
    const obituary = factsOf(
      'obit.txt',
      'OBITUARY\nMichael Sullivan, a retired stonemason, died at Boston on 3 January 1901.\nMichael Sullivan married Margaret Byrne, who was born in County Cork in 1843.',
    );
    expect(
      mentionsOfDocument(obituary)
        .find((m) => m.nameAsWritten === 'Michael Sullivan')!
        .events.map((e) => [e.kind, e.date]),
    ).toEqual([['death', '1901-01-03']]);
  });
  it('leaves out names without a surname and counts a name once per record', () => {
    const people: PersonTag[] = [
      { name: 'John', role: 'sibling' },
      { name: 'James Whitfield', role: 'primary_subject' },
      { name: 'James Whitfield', role: 'primary_subject' },
    ];
    expect(mentionsOfDocument(doc('l', { people })).map((m) => m.nameAsWritten)).toEqual(['James Whitfield']);
  });
});

describe('people index: grouping', () => {
  const m = (id: string, documentId: string, name: string, extra: Partial<GroupableMention> = {}): GroupableMention => {
    const p = parseName(name);
    return {
      id,
      documentId,
      given: canonicalGiven(p),
      surnameKeys: surnameKeys(p),
      sex: 'U',
      birthYear: null,
      country: null,
      pinnedTo: null,
      ...extra,
    };
  };
  const groups = (mentions: GroupableMention[]) =>
    groupMentions(mentions)
      .map((c) => c.mentionIds.sort().join(','))
      .sort();

  it('groups variant spellings, initials and maiden names across documents', () => {
    expect(groups([m('a', 'd1', 'Johann Müller'), m('b', 'd2', 'John Miller'), m('c', 'd3', 'J. Mueller')])).toEqual([
      'a,b,c',
    ]);
    expect(
      groups([
        m('a', 'd1', 'Mary Brown', { sex: 'F' }),
        m('b', 'd2', 'Mary Whitfield née Brown', { sex: 'F' }),
        m('c', 'd3', 'Mary Whitfield', { sex: 'F' }),
      ]),
    ).toEqual(['a,b,c']);
  });
  it('keeps apart two people of one record, different given names, far birth years, contrary sexes', () => {
    expect(groups([m('a', 'd1', 'John Whitfield'), m('b', 'd1', 'John Whitfield')])).toEqual(['a', 'b']);
    expect(groups([m('a', 'd1', 'John Whitfield'), m('b', 'd2', 'James Whitfield')])).toEqual(['a', 'b']);
    expect(
      groups([
        m('a', 'd1', 'John Whitfield', { birthYear: 1830 }),
        m('b', 'd2', 'John Whitfield', { birthYear: 1862 }),
      ]),
    ).toEqual(['a', 'b']);
    expect(
      groups([
        m('a', 'd1', 'John Whitfield', { birthYear: 1830 }),
        m('b', 'd2', 'John Whitfield', { birthYear: 1834 }),
      ]),
    ).toEqual(['a,b']);
    expect(groups([m('a', 'd1', 'Jean Martin', { sex: 'M' }), m('b', 'd2', 'Jean Martin', { sex: 'F' })])).toEqual([
      'a',
      'b',
    ]);
  });
  it('leaves an initial that fits two different people on its own', () => {
    expect(
      groups([m('a', 'd1', 'John Whitfield'), m('b', 'd2', 'James Whitfield'), m('c', 'd3', 'J. Whitfield')]),
    ).toEqual(['a', 'b', 'c']);
  });
  it("never undoes the user's pins", () => {
    const clusters = groupMentions([
      m('a', 'd1', 'Martha Cole', { pinnedTo: 'P' }),
      m('b', 'd2', 'Martha Whitfield', { pinnedTo: 'P' }),
      m('c', 'd3', 'Martha Cole'),
    ]);
    expect(clusters.find((c) => c.pinnedTo === 'P')!.mentionIds.sort()).toEqual(['a', 'b', 'c']);
    const split = groupMentions([
      m('a', 'd1', 'John Whitfield', { pinnedTo: 'P' }),
      m('b', 'd2', 'John Whitfield', { pinnedTo: 'Q' }),
    ]);
    expect(split.map((c) => c.pinnedTo).sort()).toEqual(['P', 'Q']);
  });
});

describe('people index: relations within a record', () => {
  it('reads spouses, parents, children and siblings from roles', () => {
    const groom = {
      role: 'primary_subject' as const,
      recordRole: 'groom' as const,
      sex: 'M' as const,
      surnameKeys: ['whitfield'],
    };
    const bride = { role: 'spouse' as const, recordRole: 'bride' as const, sex: 'F' as const, surnameKeys: ['cole'] };
    const hisFather = {
      role: 'parent' as const,
      recordRole: 'father_of_groom' as const,
      sex: 'M' as const,
      surnameKeys: ['whitfield'],
    };
    const herFather = {
      role: 'parent' as const,
      recordRole: 'father_of_bride' as const,
      sex: 'M' as const,
      surnameKeys: ['cole'],
    };
    const witness = { role: 'other_relative' as const, recordRole: 'witness' as const, sex: 'M' as const };
    expect(relationBetween(groom, bride)).toBe('spouse');
    expect(relationBetween(groom, hisFather)).toBe('parent');
    expect(relationBetween(hisFather, groom)).toBe('child');
    expect(relationBetween(bride, herFather)).toBe('parent');
    expect(relationBetween(groom, herFather)).toBeNull();
    expect(relationBetween(groom, witness)).toBeNull();
    const head = { role: 'primary_subject' as const, recordRole: 'head' as const, sex: 'M' as const };
    const son = { role: 'child' as const, recordRole: 'son' as const, sex: 'M' as const };
    const daughter = { role: 'child' as const, recordRole: 'daughter' as const, sex: 'F' as const };
    expect(relationBetween(head, son)).toBe('child');
    expect(relationBetween(son, daughter)).toBe('sibling');
  });
});

describe('people index: conflicts', () => {
  const ev = (kind: SourcedEvent['kind'], d: string, documentId: string, estimated = false): SourcedEvent => ({
    kind,
    date: d,
    year: Number(d.slice(0, 4)),
    place: null,
    detail: estimated ? 'estimated' : null,
    documentId,
    fileName: `${documentId}.txt`,
    ...(estimated ? { estimated } : {}),
  });
  it('flags two birth years beyond the tolerance of estimates, naming both documents', () => {
    expect(conflictsOf('T', 'M', [ev('birth', '1828', 'obit'), ev('birth', '1829', 'census', true)], [])).toEqual([]);
    const [c] = conflictsOf('T', 'M', [ev('birth', '1828', 'obit'), ev('birth', '1832', 'census', true)], []);
    expect(c).toMatchObject({ kind: 'birth_years', documentIds: ['census', 'obit'] });
    expect(c!.message).toContain('census.txt');
    expect(c!.message).toContain('obit.txt');
    expect(conflictsOf('T', 'M', [ev('birth', '1828-03-01', 'a'), ev('birth', '1829-01-01', 'b')], [])[0]?.kind).toBe(
      'birth_years',
    );
  });
  it('weighs a register over a later recollection, and never compares a baptism as a birth', () => {
    const registered = { ...ev('birth', '1862-03-02', 'baptism'), registered: true };
    const timeline = [ev('birth', '1859', 'obituary'), registered, ev('birth', '1862', 'census', true)];
    expect(birthYearOf(timeline)).toBe(1862);
    const [c] = conflictsOf('J', 'M', timeline, []);
    expect(c).toMatchObject({ kind: 'birth_years', documentIds: ['baptism', 'obituary'] });
    expect(c!.message).toBe("J's birth year differs: 2 March 1862 in baptism.txt, 1859 in obituary.txt.");
    expect(conflictsOf('J', 'M', [ev('birth', '1862-12-30', 'a'), ev('baptism', '1863-01-06', 'b')], [])).toEqual([]);
  });
  it('flags an event after death or burial, and a death after the burial', () => {
    expect(
      conflictsOf('T', 'M', [ev('death', '1890-01-03', 'obit'), ev('residence', '1900', 'census')], [])[0],
    ).toMatchObject({ kind: 'event_after_death', documentIds: ['census', 'obit'] });
    expect(conflictsOf('T', 'M', [ev('death', '1890-01-03', 'obit'), ev('residence', '1890', 'census')], [])).toEqual(
      [],
    );
    expect(
      conflictsOf('T', 'M', [ev('death', '1890-02-03', 'cert'), ev('burial', '1890-01-06', 'church')], [])[0]?.kind,
    ).toBe('event_after_death');
  });
  it('flags a marriage before 14', () => {
    expect(
      conflictsOf('S', 'F', [ev('birth', '1875-01-01', 'b'), ev('marriage', '1887-06-14', 'm')], [])[0],
    ).toMatchObject({ kind: 'marriage_age', documentIds: ['m', 'b'] });
    expect(conflictsOf('S', 'F', [ev('birth', '1865-01-01', 'b'), ev('marriage', '1887-06-14', 'm')], [])).toEqual([]);
  });
  it("flags a mother's age and a birth after a parent's death (10 months' grace for a father)", () => {
    const child = [ev('birth', '1862-03-02', 'birth')];
    const mother = (born: string, died?: string) => ({
      relation: 'parent' as const,
      name: 'M',
      sex: 'F' as const,
      timeline: [ev('birth', born, 'mb'), ...(died ? [ev('death', died, 'md')] : [])],
    });
    const father = (died: string) => ({
      relation: 'parent' as const,
      name: 'F',
      sex: 'M' as const,
      timeline: [ev('death', died, 'fd')],
    });
    expect(conflictsOf('C', 'M', child, [mother('1852')])[0]?.kind).toBe('mother_age');
    expect(conflictsOf('C', 'M', child, [mother('1800')])[0]?.kind).toBe('mother_age');
    expect(conflictsOf('C', 'M', child, [mother('1830')])).toEqual([]);
    expect(conflictsOf('C', 'M', child, [mother('1830', '1861-12-01')])[0]).toMatchObject({
      kind: 'child_after_parent_death',
      documentIds: ['birth', 'md'],
    });
    expect(conflictsOf('C', 'M', child, [father('1861-08-01')])).toEqual([]);
    expect(conflictsOf('C', 'M', child, [father('1861-03-01')])[0]?.kind).toBe('child_after_parent_death');
    // From the mother's side too.
    const asMother = conflictsOf(
      'M',
      'F',
      [ev('birth', '1852', 'mb')],
      [{ relation: 'child', name: 'C', sex: 'M', timeline: child }],
    );
    expect(asMother[0]?.kind).toBe('mother_age');
  });
});

describe('people index: individuals', () => {
  it('builds the timeline, summary and relatives of grouped mentions', () => {
    const all: (FactMention & GroupableMention)[] = [];
    for (const [name, text] of Object.entries(WHITFIELD_FAMILY)) {
      for (const x of mentionsOfDocument(factsOf(name, text)))
        all.push({
          ...x,
          id: `${name}#${x.ordinal}`,
          documentId: name,
          fileName: name,
          individualId: null,
          pinnedTo: null,
        });
    }
    const clusters = groupMentions(all);
    clusters.forEach((c, i) => {
      for (const id of c.mentionIds) all.find((x) => x.id === id)!.individualId = `I${i}`;
    });
    const people = describeIndividuals(
      all,
      clusters.map((_, i) => `I${i}`),
    );
    const thomas = people.find((p) => p.name === 'Thomas Whitfield')!;
    expect(thomas).toMatchObject({ sex: 'M', birthYear: 1828, deathYear: 1890, documentCount: 5 });
    expect(thomas.conflicts.map((c) => c.kind)).toEqual(['birth_years']);
    expect(thomas.relatives.map((r) => `${r.name}:${r.relation}`).sort()).toEqual([
      'James Whitfield:child',
      'John Henry Whitfield:child',
      'Mary Ann Whitfield:spouse',
    ]);
    expect(people.find((p) => p.name === 'John Henry Whitfield')!.timeline[0]).toMatchObject({
      kind: 'birth',
      year: 1862,
    });
  });
  it('keeps the details of people without a surname out, and the details list optional', () => {
    const details: PersonDetail[] = [];
    expect(
      mentionsOfDocument(
        doc('x', { people: [{ name: 'Thomas', role: 'primary_subject' }], details, dates: [date('1880')] }),
      ),
    ).toEqual([]);
  });
});
