import { describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

describe("a directory entry's trade and street", () => {
  it('belong to the person the entry names, and a firm gives no one', () => {
    const text = `Dupont (Jean), tailleur, r. de Chartres, 12.
Lefèvre (Marie), lingère, quai de la Mégisserie, 8.
Borger et Cie, négocians, r. du Sentier, 8.`;
    const read = readRecord({ text, isImage: false });
    // In any order: details are keyed by name.
    const facts = read.personDetails?.map((d) => [d.name, d.occupation, d.address]).sort();
    expect(facts).toEqual([
      ['Jean Dupont', 'tailleur', 'r. de Chartres, 12'],
      ['Marie Lefèvre', 'lingère', 'quai de la Mégisserie, 8'],
    ]);
    // The street is an address, never a town.
    expect(read.geographicalInfo.map((g) => g.name)).not.toContain('Chartres');
  });

  it('gives no occupation or address to prose that is no directory', () => {
    const read = readRecord({
      isImage: false,
      text: 'Jean Dupont, tailor of the rue de Chartres, married Marie Lefèvre at Paris on 3 May 1850.',
    });
    expect(read.personDetails?.some((d) => d.occupation || d.address)).toBeFalsy();
  });
});
