import { describe, expect, it } from 'vitest';
import { mendOcrSpacing } from '../src/extraction/ocr-spacing';
import { namesIn as names, readText as read } from './helpers/read-record';

/*
 * Issue 28: OCR that lays a newspaper column's lines out as one keeps the typesetter's "¬" and puts a space where
 * the line ended ("M. Neu¬ komm", "Ha¬ rold Lloyd"). The word is one word again before names and places are read.
 */

describe('OCR spacing', () => {
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
    expect(mendOcrSpacing('Schon-\nfeld')).toBe('Schonfeld');
    expect(mendOcrSpacing('Jean-\nPierre Martin')).toBe('Jean-\nPierre Martin');
    expect(mendOcrSpacing('Saint- Malo, Weight- man')).toBe('Saint- Malo, Weight- man');
    expect(mendOcrSpacing('Neu¬\nkomm, Ha¬ rold, soft\u00ADly')).toBe('Neukomm, Harold, softly');
  });

  it('a full stop set apart from its initial is put back: "R . Tiedemann", "C . F . Flach"', () => {
    expect(mendOcrSpacing('verantwortlich : R . Tiedemann , Berlin')).toBe('verantwortlich : R. Tiedemann , Berlin');
    expect(names('Gesellschafter sind C . F . Flach und J . J . Beck in Berlin .')).toEqual([
      'C. F. Flach',
      'J. J. Beck',
    ]);
    expect(mendOcrSpacing('in Berlin . Der Zug')).toBe('in Berlin . Der Zug');
  });
});
