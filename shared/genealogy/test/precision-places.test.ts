import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/* Places as French, German and Dutch papers write them (issue 28). */

const places = (text: string) => readRecord({ text, isImage: false }).geographicalInfo;

beforeAll(() => void places('Paris'), 120_000);

describe('countries and cities in the record’s own language', () => {
  it('reads German names of countries and cities, a genitive too, as written', () => {
    const found = places('Die Gesandten Spaniens und der Schweiz trafen sich in Brüssel, wie man aus Wien meldet.');
    expect(found.map((p) => [p.name, p.countryCode])).toEqual(
      expect.arrayContaining([
        ['Spaniens', 'ES'],
        ['Schweiz', 'CH'],
        ['Brüssel', 'BE'],
        ['Wien', 'AT'],
      ]),
    );
  });

  it('reads French names, and takes no plural of a people for a country', () => {
    const found = places("Les Italiens ont quitté l'Espagne pour la Suisse, dit-on à la légation.").map((p) => p.name);
    expect(found).toEqual(expect.arrayContaining(['Espagne', 'Suisse']));
    expect(found).not.toContain('Italiens');
  });

  it('leaves English records to the gazetteer', () => {
    const found = places('He was born in the county of Cork and sailed for America with his brother.').map(
      (p) => p.name,
    );
    expect(found).not.toContain('Amerika');
  });
});

describe('Dutch deeds of the East India Company', () => {
  it('reads the Company’s towns and lands in any case, and a town after "binnen de stad"', () => {
    const text =
      'Compareerde voor mij notaris publicq bij de Edele hooge regeeringe van Nederlands India geadmitteerd, ' +
      'resideerende binnen de stad Amsterdam en daar na te batavia, de welke verklaarde dat hij sijn testament maakte.';
    const found = places(text).map((p) => p.name);
    expect(found).toEqual(expect.arrayContaining(['Nederlands India', 'batavia', 'Amsterdam']));
  });
});
