import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: names as English newspapers print them (found on HIPE-2020's English dev split): an
 * honorific after the name, an office before the surname, a name broken at a line end.
 */

const names = (text: string) => readRecord({ text, isImage: false }).peopleIdentified.map((p) => p.name);

describe('issue 28: names in English newspaper columns', () => {
  beforeAll(() => void names('Thomas Whitfield of Raleigh.'), 120_000);

  it('"W. Stallings, Esq.", "Rizup Rawles, Esq.": an honorific after the name makes a man of an unknown given name or an initial', () => {
    const found = names(
      'The meeting was called to order by W. Stallings,\nEsq., on whose motion, William W. Cowper, Esq., was called to the Chair; and on motion of Rizup Rawles, Esq., the Secretary read the resolutions.',
    );
    expect(found).toEqual(expect.arrayContaining(['W. Stallings', 'William W. Cowper', 'Rizup Rawles']));
  });

  it('"of the County of Wexford, Gent.": the title after a place is its man\'s; the place is no person', () => {
    const found = names(
      'In the Name of God Amen, I, Thomas Colclough of the Parish of Tintern in the County of Wexford, Gent., being sick in body but of perfect memory, do make this my last will.',
    );
    expect(found).toContain('Thomas Colclough');
    expect(found).not.toContain('Wexford');
  });

  it('"Warden Hoyt", "Baron Schon-⏎feld": an office before a surname names a man, the office no part of his name', () => {
    const found = names(
      'Warden Hoyt, in response to the recommendation of the board, has asked for an investigation of his conduct. It was said that he did not choose to serve with Baron Schon-\nfeld, a Prussian general, who had been taken into pay by the congress with the rank of lieutenant.',
    );
    expect(found).toEqual(expect.arrayContaining(['Hoyt', 'Schonfeld']));
    expect(found.some((n) => /Warden|Baron/.test(n))).toBe(false);
  });

  it('an office before an institution or before half a name is no one: "the Justice Department", "President Harry S. Truman"', () => {
    const found = names(
      'The Secretary Office and the Justice Department were closed on the day the flag was given to President Harry S. Truman at the White House; the crowd waited in the street for an hour.',
    );
    expect(found).not.toContain('Office');
    expect(found).not.toContain('Department');
    expect(found).not.toContain('Harry');
  });

  it('the offices count only where a run opens with them: "John Bishop", "Martin Luther King" keep their surnames', () => {
    const found = names('Martin Luther King spoke to the meeting, and John Bishop read the minutes of the last one.');
    expect(found).toEqual(expect.arrayContaining(['Martin Luther King', 'John Bishop']));
  });

  it('"Martin⏎Van Buren": a particle opening the next line carries a given name on to its surname', () => {
    const found = names(
      'Resolved, That we do not believe Martin\nVan Buren infallible, yet we believe the general tendency of his administration is well calculated to promote the good of this country.',
    );
    expect(found).toContain('Martin Van Buren');
    expect(found).not.toContain('Buren');
  });
});

describe('issue 28: names in German newspaper columns', () => {
  it('"Hr. Musikdirektor Rud. Mäder", "Dekan Hosang": a shortened given name runs on into the surname, an office is no part of the name', () => {
    expect(
      names(
        'Für die Begleitung am Klavier für Chor und Soli hat Hr. Musikdirektor Rud. Mäder seine Mitwirkung zugesagt.',
      ),
    ).toEqual(['Rud. Mäder']);
    expect(
      names(
        'An der Hauptversammlung wird der Präsidialbericht erstattet und wird Dekan Hosang aus Pontresina reden über den bleibenden Kern des Glaubens.',
      ),
    ).toEqual(['Hosang']);
  });

  it('"Abgg. v. Heyl", "der Minister von Manteuffel": a noble surname alone is a man; "von" after no title, or after a monarch, is a place', () => {
    const found = names(
      'Die Abgg. v. Heyl und v. Kardorff sprachen gegen die Vorlage, der Minister von Manteuffel antwortete ihnen; der Kaiser von Österreich kam von Berlin und sprach von Zeit zu Zeit mit ihnen.',
    );
    expect(found).toEqual(['v. Heyl', 'v. Kardorff', 'von Manteuffel']);
  });
});

describe('issue 28: lists of names after a plural title', () => {
  it('"MM. Marc Peter, Rochaix, Fazy, Horace Micheli, F. Ody, F. de Rabours et Sigg (Genève), Chuard": the list goes on through names accepted on their own, each its own surname', () => {
    const found = names(
      'Ce postulat a été signé de 22 députés de la Suisse française : MM. Marc Peter, Rochaix, Fazy, Horace\nMicheli, F. Ody, F. de Rabours et Sigg\n(Genève), Chuard (Lausanne), Alfred Jaton (Morges), Maillefer (Lausanne).',
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'Marc Peter',
        'Rochaix',
        'Fazy',
        'Horace Micheli',
        'F. Ody',
        'F. de Rabours',
        'Sigg',
        'Chuard',
        'Alfred Jaton',
        'Maillefer',
      ]),
    );
    expect(found).not.toContain('Marc Peter Rochaix');
  });

  it('"S. H. Clifford", "S. B. Nelson": initials stay with a surname that is also a given name', () => {
    const found = names(
      'Specimen Cases. S. H. Clifford, New Cassel, Wis., was troubled with neuralgia and rheumatism. At the banquet S. B. Nelson of Spokane made a stirring address on the work of the Chamber of Commerce.',
    );
    expect(found).toEqual(expect.arrayContaining(['S. H. Clifford', 'S. B. Nelson']));
    expect(found).not.toContain('Clifford');
  });

  it('"Jim Koffmeister": in an English paper a German-born surname ending in -meister is a name, not a German noun', () => {
    const found = names(
      'Good roads and drivers who know the roads. W. W. Brown is always ready, and Jim Koffmeister is too. The latter has a nice garage and is ready to do any kind of work you may need on your car.',
    );
    expect(found).toEqual(expect.arrayContaining(['W. W. Brown', 'Jim Koffmeister']));
  });
});
