import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { THREE_GENERATIONS } from './fixtures/three-generations';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: whose relatives a letter names. Addressed to a named person, a letter is about them
 * ("Your brother Edward"), but "my boy" is the writer's, and a bare "Father, Thomas Whitfield" may
 * be either's: no relation is better than the wrong one.
 */

const LETTER = THREE_GENERATIONS['letter-john-henry-1902.txt']!;
const read = (text: string): DocumentEntities => readRecord({ text, isImage: false });
const people = (e: DocumentEntities) => e.peopleIdentified.map((p) => `${p.name}|${p.role}`);

describe('issue 28: a letter’s relatives are the writer’s or the addressee’s as its words say', () => {
  beforeAll(() => void read(LETTER), 120_000);

  it('to "Dear William": the father is nobody’s parent for sure, still the one who died', () => {
    const e = read(LETTER.replace('Dear Cousin William,', 'Dear William,'));
    expect(e.documentType).toBe('letter');
    expect(people(e)[0]).toBe('William|primary_subject');
    expect(people(e)).not.toContain('Thomas Whitfield|parent');
    expect(e.personDetails?.find((d) => d.name === 'Thomas Whitfield')).toMatchObject({
      recordRole: 'deceased',
      died: '1902-03-03',
      age: 71,
    });
    // The writer is neither dead nor the addressee's relative by any word of the letter.
    const writer = e.personDetails?.find((d) => d.name === 'John Henry Whitfield');
    expect(writer?.recordRole).toBeUndefined();
    expect(people(e)).toContain('John Henry Whitfield|other_relative');
  });

  it('"my wife Mary" in a letter to a named addressee is the writer’s wife, not the addressee’s', () => {
    const e = read(
      'Boston, 12 October 1862\n\nMy dear Sarah,\nYour brother Edward is well. My wife Mary Whitfield sends her love.\n\nYour loving cousin,\nCharles Whitfield',
    );
    expect(people(e)).toEqual([
      'Sarah|primary_subject',
      'Edward|sibling',
      'Mary Whitfield|other_relative',
      'Charles Whitfield|other_relative',
    ]);
  });
});
