import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * "Clercq", "Clercquen" (the clerks), as handwriting recognition spells them ("Chrcqin", "Clerq"), are an office in a
 * Dutch deed wherever they stand in a run of capitalised words: never a name's word, nor a surname another name
 * borrows (issue 28). "Clerck", the surname, keeps its k.
 */

describe('the clerks\u2019 office in a Dutch deed', () => {
  it('is no word of a name', () => {
    expect(namesIn('Compareerde Zwore Clercq der Ben„\ngen, den Eersamen').some((n) => /Clercq/.test(n))).toBe(false);
    const found = namesIn('ter presentie van Liscas Andries en David Jeremias Salomons Chrcqin als Getuijgen.');
    expect(found.some((n) => /Chrcqin/.test(n))).toBe(false);
    expect(found).toContain('David Jeremias Salomons');
  });

  it('leaves the surname Clerck', () => {
    expect(namesIn('Compareerde voor mij Pieter Clerck koopman alhier.')).toContain('Pieter Clerck');
  });
});
