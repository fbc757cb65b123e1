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

  it('reads the trade where the Bottin prints it: "imp." a printer, a street\'s own adjective, a galerie, a trade under the address', () => {
    const facts = (text: string) =>
      readRecord({ text, isImage: false }).personDetails?.map((d) => [d.name, d.occupation, d.address]);
    expect(facts('Legris, imp. en taille-douce, r. Richelieu. 41.')).toEqual([
      ['Legris', 'imp. en taille-douce', 'r. Richelieu. 41'],
    ]);
    expect(facts('Dupuis (J.), pierres de liais, petite\nrue St-Pierre-Amelot, 22.')).toEqual([
      ['J. Dupuis', 'pierres de liais', 'petite rue St-Pierre-Amelot, 22'],
    ]);
    expect(facts('Gautet (Mme), chemises, cols et cravates, Pal.\nNational, gal. Beaujolais, 94.')?.[0]?.[1]).toBe(
      'chemises',
    );
    expect(facts('DUFOUR, r. St.-Honoré, 291.\nBottier-cordonnier.')).toEqual([
      ['Dufour', 'Bottier-cordonnier', 'r. St.-Honoré, 291'],
    ]);
  });
});
