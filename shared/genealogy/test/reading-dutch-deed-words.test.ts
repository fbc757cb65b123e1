import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * Words of a Dutch deed that stand after a name, capitalised or not, and are no part of it (issue 28): "beijde"
 * (both), "nevens" (beside, "Neffens" as recognition reads it), "eenige" (some), the Latinate verbs of the notaries
 * ("nomineer", "exhibeerde", "legateerde"), participles ("genotene") and adverbs in "-halven" ("amptshalven").
 */

const hasWord = (found: string[], word: RegExp) => found.some((n) => word.test(n));

describe('Dutch deed words after a name', () => {
  it('are no surname in lower case', () => {
    expect(hasWord(namesIn('hunne twee kinder Lijsje en Arij beijde meede geboortig alhier'), /beijde/)).toBe(false);
    expect(hasWord(namesIn('van den Testatant van gem=t, Casper genotene dienst in zijne ziekte'), /genotene/)).toBe(
      false,
    );
    expect(
      hasWord(namesIn('Tot voogd over mijne zoon willem Jacob nomineer en stellen aan bij deezen'), /nomineer/),
    ).toBe(false);
  });

  it('are no surname capitalised either', () => {
    expect(hasWord(namesIn('aen haar dogtertije genaamt: Maria Neffens: waar sodanige kind'), /Neffens/)).toBe(false);
    expect(hasWord(namesIn('Een Ionge genaemt Laarson Slavomeid Maria Eenige mangus planken'), /Eenige/)).toBe(false);
    expect(
      hasWord(namesIn('de voornoemde Johan Maart 1772. des Paulus Exhibeerde het volgende testament'), /Exhib/),
    ).toBe(false);
    expect(namesIn('en alle andere Persoonen die sig Amptshalven met des testateurs Nalatenschap')).toEqual([]);
  });

  it('leave a surname in -eer alone', () => {
    expect(namesIn('Compareerde voor mij Johannes Vermeer koopman alhier.')).toContain('Johannes Vermeer');
  });
});
