import { beforeAll, describe, expect, it } from 'vitest';
import { directoryEntries } from '../src/extraction/directory-entries';
import { readRecord } from './helpers/read-record';

/* Trade directories (issue 28): "Surname (Given), trade, street, number." names one person, with a trade and an address. */

const read = (text: string) => readRecord({ text, isImage: false });

// The gazetteer's tables load at the first reading: slow on a busy machine, and not what is tested.
beforeAll(() => void read('Paris'), 120_000);

describe('directory entries', () => {
  it('reads the person, given name first, and the trade; the street is no one and no town', () => {
    const e = read('Fauvel (Honoré), chapelier, r. de Lille, 14.');
    expect(e.peopleIdentified).toEqual([{ name: 'Honoré Fauvel', role: 'primary_subject' }]);
    expect(e.occupations[0]).toBe('chapelier');
    expect(e.geographicalInfo).toEqual([]);
  });

  it('reads an entry without a street word, the trade abbreviated, the street a saint or a person', () => {
    const e = read('Marchais, épic., St-Martin, 212.');
    expect(e.peopleIdentified.map((p) => p.name)).toEqual(['Marchais']);
    expect(e.occupations[0]).toBe('épic.');
    const j = read('Tessier jeune, doreur, Jean-Jacques-Rousseau, 9.');
    expect(j.peopleIdentified.map((p) => p.name)).toEqual(['Tessier jeune']);
  });

  it('keeps a title or a widow in the brackets with the name, and a trade in brackets as a trade', () => {
    expect(read('Roussel (Vve), lingère, r. Mazarine, 31.').peopleIdentified[0]?.name).toBe('Vve Roussel');
    expect(read('Chauvin (Mlle), r. du Bac, 7.').peopleIdentified[0]?.name).toBe('Mlle Chauvin');
    const bracketTrade = read('Lemire (graveur), quai des Orfèvres, 18.');
    expect(bracketTrade.peopleIdentified[0]?.name).toBe('Lemire');
    expect(bracketTrade.occupations[0]).toBe('(graveur)');
  });

  it('reads a trade run into the street, and a surname in capitals', () => {
    const e = read('Bastien, cordonn. r. Quincampoix, 40.');
    expect(e.occupations[0]).toBe('cordonn.');
    expect(read('GIRARDOT (L.), r. Vivienne, 5.').peopleIdentified[0]?.name).toBe('L. Girardot');
  });

  it('reads a page of entries, one a line, an entry running over two lines', () => {
    const page = [
      'Maillard, boulanger, r. de la Harpe, 61.',
      'Maillet (Jules), commis. en marchand., r. du',
      'Faub.-Montmartre, 23.',
      'Mainguet (Ve), modiste, boul. Bonne-Nouvelle, 8.',
    ].join('\n');
    expect(directoryEntries(page).map((x) => x.name)).toEqual(['Maillard', 'Jules Maillet', 'Ve Mainguet']);
    const e = read(page);
    expect(e.peopleIdentified.map((p) => p.name)).toEqual(['Maillard', 'Jules Maillet', 'Ve Mainguet']);
    expect(e.occupations.slice(0, 3)).toEqual(['boulanger', 'commis. en marchand.', 'modiste']);
  });

  it('takes a firm for no person', () => {
    expect(read('Valette et Cie, draps, r. des Bourdonnais, 12.').peopleIdentified).toEqual([]);
    expect(read('Perrin et Dubois, soieries, r. du Mail, 3.').peopleIdentified).toEqual([]);
  });

  it('leaves registers, census rows and prose alone', () => {
    expect(directoryEntries('Whitfield, Thomas, Head, 45, Farmer')).toEqual([]);
    expect(directoryEntries('Boston, Mass., 12 May 1850. Died at his home, aged 71.')).toEqual([]);
    expect(
      directoryEntries('DIED at her home, on Tuesday last, Mrs. Ellen Hardy, wife of Mr. James Hardy, aged 64, 3.'),
    ).toEqual([]);
  });
});

describe('streets are not towns', () => {
  it('does not read a town out of a street named after it, in prose either', () => {
    const e = read('Il demeurait rue de Lyon, 4, à Genève, chez son frère.');
    expect(e.geographicalInfo.map((g) => g.name)).not.toContain('Lyon');
    const de = read('Der Kaufmann wohnte in der Berliner Straße 12 zu Dresden.');
    expect(de.geographicalInfo.map((g) => g.name)).not.toContain('Berliner');
  });
});
