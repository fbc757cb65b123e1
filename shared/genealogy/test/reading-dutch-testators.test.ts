import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Who makes the will in an 18th-century Dutch deed (issue 28): the appearer "present de natemelden getuijgen"
 * (not only "nagenoemde"), the sick man the notary "found" at his house, the dead man whose estate the deed
 * settles; and given names written with I for J, as scribes and handwriting recognition wrote them.
 */

const read = (text: string) => readRecord({ text, isImage: false }).peopleIdentified;
const subject = (text: string) => read(text).find((p) => p.role === 'primary_subject')?.name;

beforeAll(() => void read('Batavia'), 120_000);

describe('the testator of a Dutch deed', () => {
  it('is the appearer after "de natemelden getuijgen", with or without "den heer"', () => {
    expect(
      subject(
        'Op heden den 3 Maart 1760 Compareerde voor mij Nicolaas van Bergen Notaris publicq binnen de stad Batavia ' +
          'residerende, present de natemelden Getuijgen den heer Fredrik Camin, burger koopman alhier.',
      ),
    ).toBe('Fredrik Camin');
    expect(
      subject(
        'Compareerde voor mij Willem Hasselaer Notaris, preesent de natemelden getuigen Mons: Hendrik Wensel, ' +
          'adsistent in dienst der E: Comp:',
      ),
    ).toBe('Hendrik Wensel');
  });

  it('is the sick man the notary found at his house', () => {
    expect(
      subject(
        'Vervoegde ik mij Joan Adriaan Dreijer onderkoopman met de natenoemene getuijgen ten huijse van den ' +
          'soldaat Christoffel Schelling, van Pruijsholland\nVindende den zelve siek te bedde leggende.',
      ),
    ).toBe('Christoffel Schelling');
  });

  it('is the dead man whose estate is settled, with his rank between', () => {
    expect(
      subject(
        'Pieter Porg koopman heeft gekogt ter vendutie van 18 October 1758 uit de nagelatene goederen van den onlangs ' +
          'overleeden zorgeant den manhaften Ernst Schreuder twee kisten.',
      ),
    ).toBe('Ernst Schreuder');
  });
});

describe('given names written with I for J', () => {
  it('reads Iacob, Iurgen and Iohannes as given names', () => {
    const names = read(
      'Compareerde voor mij Pieter Herstad boekhouder, in presentie van Iurgen David Wijmer en Iohannes Mulder, ' +
        'als getuijgen, en Iacob Blankenveld koopman.',
    ).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Iurgen David Wijmer', 'Iohannes Mulder', 'Iacob Blankenveld']));
  });

  it('leaves an English word of I and a vowel alone', () => {
    const names = read('The Iowa delegation met at Ione, and Ian Smith spoke.').map((p) => p.name);
    expect(names.some((n) => /Iowa/.test(n))).toBe(false);
    expect(names).toContain('Ian Smith');
  });
});
