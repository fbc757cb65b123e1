import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * Issue 28: two words that are both given names ("Harold Lloyd", "Jan Willem") are a whole name, unless a relation
 * goes on after them ("Sarah Jane, daughter of …"), when they wait for the surname the relation gives.
 */

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
