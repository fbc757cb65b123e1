import { describe, expect, it } from 'vitest';
import { namesIn } from './helpers/read-record';

/*
 * A Dutch name of the period runs given name, patronymic, surname: "Willem Iacobsz: Iordijn", "Geete Jacobsz:⏎
 * Fordijn". The clerk's colon after the patronymic and a line end do not end the name (issue 28); an office, a rank,
 * a deed's word or another given name after the patronymic is no surname.
 */

describe('the surname after a patronymic in a Dutch deed', () => {
  it('goes on past the colon and the line end', () => {
    expect(
      namesIn('Compareerde voor mij den secretaris van politie deser\nWillem Iacobsz: Iordijn\nthans luijtenant'),
    ).toContain('Willem Iacobsz Iordijn');
    expect(
      namesIn('bij sijnen hier voorwaards genoemde broeder Elias en suster Geete Jacobsz:\nFordijn En dat ijder'),
    ).toContain('Geete Jacobsz Fordijn');
  });

  it('takes no office, rank, deed word or given name for a surname', () => {
    const found = namesIn(
      'getekent Reijnier\nMaartensz: Secretaris.\nen Bernard Aronsz: Clerquen als getuijgen, en David Jansz Johannes ' +
        'Zoan, Nicolaas Cornelis Twinsz: Boekhouder in dienst, Kloris Jacobsz: Cheroqnen, Lodewijk Iacobsz:\nGaande hier mede',
    );
    expect(
      found.some((n) => /Secretaris|Clerquen|Cheroqnen|Johannes Zoan|Boekhouder|Gaande/.test(n) && /sz/.test(n)),
    ).toBe(false);
  });
});
