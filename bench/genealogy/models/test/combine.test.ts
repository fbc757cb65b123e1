import type { DocumentEntities } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { scoreRecord } from '../../score';
import { combine } from '../combine';

const rules: DocumentEntities = {
  peopleIdentified: [
    { name: 'Mr. Read', role: 'other_relative' },
    { name: 'Bride Lane', role: 'parent' },
  ],
  personDetails: [{ name: 'Mr. Read', namedOnly: true }],
  dateInfo: [{ original: '5 May 1890', normalized: '1890-05-05' }],
  geographicalInfo: [{ name: 'London' }],
  occupations: ['tailor'],
  tags: [],
  documentType: 'other',
} as unknown as DocumentEntities;

const gold = {
  id: 'x:1',
  source: 'x',
  lang: 'en',
  kind: 'newspaper' as const,
  text: 'Mr. John Read of Bride Lane met Mary Tyrell.',
  people: [{ name: 'John Read' }, { name: 'Mary Tyrell' }],
  hasKinship: false,
};

describe('a model beside the rules', () => {
  it('alone, keeps only the model’s people', () => {
    const read = combine(rules, ['John Read', 'Mary Tyrell'], 'model');
    expect(read.peopleIdentified.map((p) => p.name)).toEqual(['John Read', 'Mary Tyrell']);
    expect(read.geographicalInfo).toEqual([]);
    expect(read.dateInfo).toEqual([]);
    expect(scoreRecord(gold, read).people).toEqual({ predicted: 2, gold: 2, hits: 2 });
  });

  it('in union, adds the model’s names the rules lack, as named only, and no name twice', () => {
    const read = combine(rules, ['Read', 'Mr Read', 'Mary Tyrell'], 'union');
    expect(read.peopleIdentified.map((p) => p.name)).toEqual(['Mr. Read', 'Bride Lane', 'Mary Tyrell']);
    expect(read.personDetails).toContainEqual({ name: 'Mary Tyrell', namedOnly: true });
    expect(read.geographicalInfo).toEqual(rules.geographicalInfo);
    // The model's people claim no kinship: only the rules' "parent" counts.
    expect(scoreRecord(gold, read).familyPredicted).toBe(1);
  });

  it('in union of full names, adds only the model’s names of two name words or more', () => {
    const read = combine(rules, ['Tyrell', 'Mr. Gambetta', 'Mary Tyrell'], 'union-full');
    expect(read.peopleIdentified.map((p) => p.name)).toEqual(['Mr. Read', 'Bride Lane', 'Mary Tyrell']);
  });

  it('in intersection, keeps the rules’ people the model shares a name word with, and drops the others', () => {
    const read = combine(rules, ['John Read'], 'intersection');
    expect(read.peopleIdentified.map((p) => p.name)).toEqual(['Mr. Read']);
    expect(read.personDetails).toEqual([{ name: 'Mr. Read', namedOnly: true }]);
    // A title shared is no name shared.
    expect(combine(rules, ['Mr. Gambetta'], 'intersection').peopleIdentified).toEqual([]);
  });

  it('as rules, is the rules’ reading unchanged', () => {
    expect(combine(rules, ['Mary Tyrell'], 'rules')).toBe(rules);
  });
});
