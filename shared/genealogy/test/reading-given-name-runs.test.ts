import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: two words that are both given names ("Harold Lloyd", "Jan Willem") are a whole name, unless a relation
 * goes on after them ("Sarah Jane, daughter of …"), when they wait for the surname the relation gives.
 */

const read = (text: string) => readRecord({ text, isImage: false });
const names = (text: string) => read(text).peopleIdentified.map((p) => p.name);

beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

describe('a run of given names before a comma', () => {
  it('"avec Harold Lloyd, et un dessin animé": a whole name', () => {
    expect(names('Ce soir au cinéma, avec Harold Lloyd, et un dessin animé.')).toEqual(['Harold Lloyd']);
  });

  it('"Sarah Jane, daughter of Thomas Whitfield": given names that take the surname of the relation', () => {
    expect(names('Baptized Sarah Jane, daughter of Thomas Whitfield and Mary his wife.')).toContain(
      'Sarah Jane Whitfield',
    );
  });
});
