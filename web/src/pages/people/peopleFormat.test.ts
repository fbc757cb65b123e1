import { describe, expect, it } from 'vitest';
import {
  canSplit,
  conflictLabel,
  defaultKept,
  eventLabel,
  formatRecordDate,
  lifeYears,
  mergeOrder,
  plural,
  evidenceRoleLabel,
  recordRoleLabel,
  relationLabel,
} from './peopleFormat';

describe('people page wording', () => {
  it('gives life years from what is known', () => {
    expect(lifeYears({ birthYear: 1850, deathYear: 1921 })).toBe('1850–1921');
    expect(lifeYears({ birthYear: 1850, deathYear: null })).toBe('b. 1850');
    expect(lifeYears({ birthYear: null, deathYear: 1921 })).toBe('d. 1921');
    expect(lifeYears({ birthYear: null, deathYear: null })).toBe('');
  });

  it('writes normalized dates as a reader does', () => {
    expect(formatRecordDate('1887-06-14')).toBe('14 June 1887');
    expect(formatRecordDate('1887-06')).toBe('June 1887');
    expect(formatRecordDate('1887')).toBe('1887');
    expect(formatRecordDate('1850/1852')).toBe('between 1850 and 1852');
    expect(formatRecordDate('1887-02-03/1887-03')).toBe('between 3 February 1887 and March 1887');
    expect(formatRecordDate(null)).toBe('');
    // Anything else is shown as it came rather than guessed at.
    expect(formatRecordDate('Michaelmas 1701')).toBe('Michaelmas 1701');
    expect(formatRecordDate('1887-13')).toBe('1887');
  });

  it('says record roles, events, conflicts and relations in plain words', () => {
    expect(recordRoleLabel('father_of_bride')).toBe('father of the bride');
    expect(recordRoleLabel('head')).toBe('head of household');
    expect(recordRoleLabel(null)).toBe('');
    // "Other relative" with no part in the record is only named there: never shown as a relative.
    expect(evidenceRoleLabel({ role: 'other_relative', recordRole: null })).toBe('mentioned');
    expect(evidenceRoleLabel({ role: 'other_relative', recordRole: 'witness' })).toBe('witness');
    expect(evidenceRoleLabel({ role: 'parent', recordRole: null })).toBe('parent');
    expect(eventLabel('baptism')).toBe('Baptism');
    expect(eventLabel('other')).toBe('Event');
    expect(conflictLabel('birth_years')).toBe('Different birth years');
    expect(relationLabel('spouse')).toBe('Spouse');
    expect(plural(1, 'document')).toBe('1 document');
    expect(plural(2, 'person', 'people')).toBe('2 people');
    expect(plural(1200, 'mention')).toBe('1,200 mentions');
  });
});

describe('merge and split choices', () => {
  it('puts the kept individual first, the rest in the order chosen', () => {
    expect(mergeOrder('b', ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
    expect(mergeOrder('a', ['a', 'c'])).toEqual(['a', 'c']);
  });

  it('proposes keeping the best documented individual', () => {
    const people = [
      { id: 'a', documentCount: 1, mentionCount: 4 },
      { id: 'b', documentCount: 3, mentionCount: 3 },
      { id: 'c', documentCount: 3, mentionCount: 5 },
    ];
    expect(defaultKept(people)).toBe('c');
    expect(defaultKept([])).toBeUndefined();
  });

  it('splits some mentions off, never none and never all', () => {
    expect(canSplit(0, 3)).toBe(false);
    expect(canSplit(1, 3)).toBe(true);
    expect(canSplit(2, 3)).toBe(true);
    expect(canSplit(3, 3)).toBe(false);
    expect(canSplit(1, 1)).toBe(false);
  });
});
