import { beforeAll, describe, expect, it } from 'vitest';
import { joinBrokenWords } from '../src/extraction/broken-words';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: OCR that lays a newspaper column's lines out as one keeps the typesetter's "¬" and puts a space where
 * the line ended ("M. Neu¬ komm", "Ha¬ rold Lloyd"). The word is one word again before names and places are read.
 */

const read = (text: string) => readRecord({ text, isImage: false });
const names = (text: string) => read(text).peopleIdentified.map((p) => p.name);

beforeAll(() => void read('Thomas Whitfield of Raleigh.'), 120_000);

describe('words broken at a line end', () => {
  it('"M. Neu¬ komm" and "Ha¬ rold Lloyd" are whole names', () => {
    expect(
      names('Je souscris volontiers à la liste ouverte par le journal de M. Neu¬ komm pour les blessés.'),
    ).toContain('Neukomm');
    expect(names('Le film de la semaine est joué par Ha¬ rold Lloyd et ses amis.')).toContain('Harold Lloyd');
  });

  it('a place broken so is read whole', () => {
    const places = read('Près de Mont¬ pellier, une automobile a capoté hier soir.').geographicalInfo.map(
      (p) => p.name,
    );
    expect(places).toContain('Montpellier');
  });

  it('a plain hyphen joins only across a line end and before a lower-case letter', () => {
    expect(joinBrokenWords('Schon-\nfeld')).toBe('Schonfeld');
    expect(joinBrokenWords('Jean-\nPierre Martin')).toBe('Jean-\nPierre Martin');
    expect(joinBrokenWords('Saint- Malo, Weight- man')).toBe('Saint- Malo, Weight- man');
    expect(joinBrokenWords('Neu¬\nkomm, Ha¬ rold, soft\u00ADly')).toBe('Neukomm, Harold, softly');
  });
});
