import { describe, expect, it } from 'vitest';
import { extractDates } from '../src/extraction/dates';

const norm = (text: string) => extractDates(text).map((d) => d.normalized);

describe('a day and month placed by the date before it', () => {
  it('an inquest dated in words places the death a few days before it', () => {
    expect(
      norm(
        'An Inquisition taken at the Parish of St. James the Twenty first day of October in the First Year of the Reign of our Sovereign Lord George the Third, on View of the Body of John Cole, who on the Twentieth day of October fell from a ladder.',
      ),
    ).toEqual(['1761-10-21', '1761-10-20']);
  });

  it('not across the turn of a year: half a year away from a full date is no sure year', () => {
    expect(
      norm(
        'Taken the second day of January 1793 on view of the body of John Hale, who died the thirtieth day of December.',
      ),
    ).toEqual(['1793-01-02']);
    expect(norm('Burials. Dec. 30, 1849. John Cole. Jan. 2. Mary Hale.')).toEqual(['1849-12-30']);
  });

  it('a range does not say which of its years the day is in', () => {
    expect(norm('Lived at Hull 1850-1855. Died 5 May, aged 40.')).toEqual(['1850/1855']);
    expect(
      norm(
        'Taken the Sixth day of February (torn) the Seventh Year of the Reign of our Sovereign Lord George the Third; found dead the Fifth day of February.',
      ),
    ).toEqual(['1766/1767']);
  });

  it('clerks’ points after the ordinal ending: "8th. Jany. 1753", "the 16th. Day of March 1754"', () => {
    expect(norm('Sarah Hill 8th. Jany. 1753 By Order under the hands of Tho. Lane')).toEqual(['1753-01-08']);
    expect(norm('bearing Date the 16th. Day of March 1754')).toEqual(['1754-03-16']);
  });
});

describe('a record that names its own year', () => {
  it('does not take an earlier year when its own could not be read', () => {
    expect(
      norm('Overleden in het Jaar 1763. Copia. Op Heeden den Negende december Anno Een duij„ sent seeren hondert'),
    ).toEqual(['1763']);
    expect(norm('Baptisms 1741. the third day of June in the year of our Lord [torn]')).toEqual(['1741']);
  });
});
