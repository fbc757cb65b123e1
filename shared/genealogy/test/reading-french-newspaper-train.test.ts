import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * French newspaper prose (issue 28), what a first reading of the larger French train set (hipe2020-fr-train)
 * found. Each case is a shape, written here in sentences of our own. False persons: a German register word
 * ("Bauer") cut from a French name, a dateline's town after a stray "M.", an article at a line start, a town
 * after "de" at a line end taken for an inverted "Surname, Given", "une femme de" a place. People missed:
 * "M." or "MM." and a surname broken over the line.
 */
const PROSE = 'Le conseil a décidé que la séance serait levée et que les députés se réuniraient demain dans la salle.';

describe('"Bauer" outside German text', () => {
  it('keeps "Bauer" as the surname after a given name in French', () => {
    expect(names(`${PROSE} Comme on le voit, M. Gérard Bauer est fort versé dans les questions économiques.`)).toEqual([
      'Gérard Bauer',
    ]);
  });
});
