import { describe, expect, it } from 'vitest';
import { type GroupableMention, groupMentions, type PlacedMention } from '../src/people/grouping';
import { nameNeighbours } from '../src/people/name-neighbours';
import { canonicalGiven, parseName, surnameKeys } from '../src/people/names';

/*
 * An incremental update regroups only the names a new record touches (issue 35): the rest of the
 * library is given as context, mentions left in their individuals, for the family ties they state.
 */

const m = (id: string, documentId: string, name: string, role: string, recordRole: string | null): GroupableMention => {
  const p = parseName(name);
  return {
    id,
    documentId,
    nameAsWritten: name,
    given: canonicalGiven(p),
    surnameKeys: surnameKeys(p),
    sex: 'M',
    birthYear: null,
    country: null,
    pinnedTo: null,
    role,
    recordRole,
  };
};
const placed = (mention: GroupableMention, individualId: string): PlacedMention => ({ ...mention, individualId });
const groups = (mentions: readonly GroupableMention[], context: readonly PlacedMention[] = []) =>
  groupMentions(mentions, context)
    .map((c) => [...c.mentionIds].sort().join(','))
    .sort();

// The obituary's Thomas is John Henry's father; the baptism's Thomas is John Henry's son.
const thomases = () => [
  m('obit-thomas', 'obit', 'Thomas Whitfield', 'primary_subject', 'deceased'),
  m('bapt-thomas', 'bapt', 'Thomas Whitfield', 'primary_subject', null),
];
const johnHenry = () => [
  placed(m('obit-john', 'obit', 'John Henry Whitfield', 'child', 'son'), 'JH'),
  placed(m('bapt-john', 'bapt', 'John Henry Whitfield', 'parent', 'father'), 'JH'),
];

describe('people grouping: regrouping some names beside the rest of the library', () => {
  it('keeps a grandfather and grandson apart when only their son, in context, ties them', () => {
    // Without the son nothing tells the two Thomases apart: one name, no birth years.
    expect(groups(thomases())).toEqual(['bapt-thomas,obit-thomas']);
    expect(groups(thomases(), johnHenry())).toEqual(['bapt-thomas', 'obit-thomas']);
  });

  it('neither moves the context nor lets a regrouped mention join its individuals', () => {
    const clusters = groupMentions([m('letter-john', 'letter', 'John Henry Whitfield', 'other', null)], johnHenry());
    expect(clusters).toEqual([{ pinnedTo: null, mentionIds: ['letter-john'] }]);
  });
});

describe('people grouping: the names an update regroups', () => {
  const name = (written: string) => {
    const p = parseName(written);
    return { given: canonicalGiven(p), surnameKeys: surnameKeys(p) };
  };
  it('holds the names that could join the seeds: same surname (variants, maiden names), agreeing first name', () => {
    const near = nameNeighbours([name('John Henry Whitfield'), name('Mary Smith née Cole')]);
    expect(near(name('John Whitfield'))).toBe(true);
    expect(near(name('J. Whitfield'))).toBe(true);
    expect(near(name('John Edward Whitfield'))).toBe(true); // the later names are grouping's to compare
    expect(near(name('Mary Cole'))).toBe(true);
    expect(near(name('Thomas Whitfield'))).toBe(false);
    expect(near(name('John Cole'))).toBe(false);
    expect(near(name('John'))).toBe(false);
  });
  it('takes every name of its letter for an initial', () => {
    const near = nameNeighbours([name('T. Whitfield')]);
    expect(near(name('Thomas Whitfield'))).toBe(true);
    expect(near(name('Timothy Whitfield'))).toBe(true);
    expect(near(name('John Whitfield'))).toBe(false);
  });
});
