import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * The clerks who witness a Dutch deed sign with their office after their names, "Clercquen als getuijgen", and a
 * clerk's name often breaks across the line before his patronymic ("Fredrik Balthazar⏎Jsaaksz"). The office is no
 * part of a name, and a patronymic at a line start ends the name begun on the line before (issue 28).
 */

describe('clerks witnessing a Dutch deed', () => {
  it('read a patronymic at a line start as the end of the name before it', () => {
    const found = namesIn(
      'dat aldus passeerde ten mijnen Comptoire in het bij weesen van Carel Francois ende Fredrik Balthazar\n' +
        'Jsaaksz Clercquen als getuijgen, de minute deeses is behoorlijk geteekend',
    );
    expect(found).toContain('Fredrik Balthazar Jsaaksz');
    expect(found.some((n) => /Clercq/.test(n))).toBe(false);
  });

  it('leave the office off a two-word name, its given name misread in lower case', () => {
    const found = namesIn(
      'Aldus Gedaan en gepasseerd ten bij wesen van\nHermanus Abraham Simonsz: en soseph Moses\nClercquen als getuijgen',
    );
    expect(found.some((n) => /Clercq/.test(n))).toBe(false);
  });
});

describe('a patronymic at a line start', () => {
  it('ends no run of words that opens with no given name', () => {
    const found = namesIn(
      'Accordeerd met de Copia Autenticq\nten zoldy Comptoire Vertoond\nMatthiessen\nEnde verklaarde',
    );
    expect(found.some((n) => /Comptoire|Vertoond/.test(n))).toBe(false);
  });
});
