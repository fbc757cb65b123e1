import { describe, expect, it } from 'vitest';
import { namesIn, readText } from './helpers/read-record';

/*
 * A Dutch deed writes where a man comes from after his whole name: "Jurgen Rosenhagen van Lomen Corporaal",
 * "Pieter Somerhof van Amsterdam". Once a given name and a surname are written, "van" and one word is his
 * origin, not more of his name (issue 28). A "van" right after given names is the surname ("Pieter Willem van
 * Imhoff"), after a patronymic too ("Jan Pietersz van Riebeeck"), and so is "van der", "van den".
 */

const subject = (text: string) => readText(text).peopleIdentified.find((p) => p.role === 'primary_subject')?.name;

describe('a place of origin after a whole name in a Dutch deed', () => {
  it('is not part of the name', () => {
    const text =
      'Op Huijden den 11 april 1742 Compareerde voor my Willem Mauritsz Adsistent bescheijden op het schip, ' +
      'ter presentie van de naargenoemde Getuigen Jurgen Rosenhagen van Lomen Corporaal, ziek te bedde leggende.';
    expect(namesIn(text)).toContain('Jurgen Rosenhagen');
    expect(namesIn(text).some((n) => /Lomen/.test(n))).toBe(false);
    expect(subject(text)).toBe('Jurgen Rosenhagen');
    expect(
      namesIn('Compareerde voor mij Arij van der Aart schriba, present de getuijgen, Pieter Somerhof van Amsterdam.'),
    ).toContain('Pieter Somerhof');
    expect(
      namesIn('tot sijn Erfgenaam de Vrije Vrouw Maria Joosten van Amboina, En dat in Al het geen hij nalaat.'),
    ).toContain('Maria Joosten');
  });

  it('leaves a surname with "van" whole', () => {
    expect(
      namesIn('aanden gouverneur Generaal den hoog Edelen heer Pieter Willem van Imhoff, en deese regeering'),
    ).toContain('Pieter Willem van Imhoff');
    expect(namesIn('Compareerde voor mij Jan Pietersz van Riebeeck koopman alhier.')).toContain(
      'Jan Pietersz van Riebeeck',
    );
    expect(namesIn('Pieter Leduls en Catharina Elitabeth van Gijsel, echte lieden')).toContain(
      'Catharina Elitabeth van Gijsel',
    );
    expect(namesIn('Compareerde voor mij Jacob Hendrik van der Parra koopman alhier.')).toContain(
      'Jacob Hendrik van der Parra',
    );
  });

  it('leaves other languages alone', () => {
    expect(namesIn('Yesterday Mr. John Smith van Buren arrived from New York.')).not.toContain('John Smith');
  });
});
