import { describe, expect, it } from 'vitest';
import { namesIn as names } from './helpers/read-record';

/*
 * Issue 28: lists that tag each person with a place in brackets — a motion's signatories, a race's placings — as
 * Swiss and French papers print them. Texts written here in that style; the bench measures the rules on HIPE's
 * Swiss French passages.
 */

describe('lists that tag each person with a place', () => {
  it('signatories: bare surnames, initials and names broken over lines are people', () => {
    const found = names(
      'La motion est signée par MM. Favre (Genève), Louis\nBonnet (Morges), Cuénod (Vevey), Aug. Perret (Sion), J, Rochat\n(Orbe), R.\nMonnier {Bulle), Dubois (Nyon).',
    );
    expect(found).toEqual(
      expect.arrayContaining(['Louis Bonnet', 'Cuénod', 'Aug. Perret', 'J. Rochat', 'R. Monnier', 'Dubois']),
    );
  });

  it('a race’s placings: "4. L. Jalabert (Fr)"', () => {
    const found = names('3. Peschel (All) à 1\' 03". 4. L. Jalabert (Fr) à 1\' 06". 5. J. Gontchar (Ukr) à 1\' 12".');
    expect(found).toEqual(expect.arrayContaining(['Peschel', 'L. Jalabert', 'J. Gontchar']));
  });

  it('places tagged with their region, and a list with one person-shaped entry, stay places', () => {
    expect(
      names('Les foires ont lieu à Paris (Seine), Lyon (Rhône), Nantes (Loire-Inférieure) et Lille (Nord).'),
    ).toEqual([]);
    expect(
      names('Les envois vont à Lyon (Rhône), Nantes (Loire), Lille (Nord), chez M. Paul Girard (Paris).'),
    ).not.toContain('Lyon');
  });
});
