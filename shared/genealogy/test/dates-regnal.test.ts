import { describe, expect, it } from 'vitest';
import { extractDates } from '../src/extraction/dates';

const read = (text: string) => extractDates(text).map((d) => [d.normalized, d.qualifier]);

describe('regnal years', () => {
  it('a regnal year alone is the two calendar years it spans', () => {
    // George III acceded 25 October 1760: his fourth year ran 25 Oct 1763 – 24 Oct 1764.
    expect(
      read(
        'Given under my hand in the fourth year of the reign of our Sovereign Lord King George the Third, by the Grace of God of Great Britain, France and Ireland King.',
      ),
    ).toEqual([['1763/1764', 'between']]);
    expect(read('Enrolled in Chancery, the 12th year of Queen Victoria.')).toEqual([['1848/1849', 'between']]);
    expect(read('Recited in the deed of 4 Geo. III.')).toEqual([['1763/1764', 'between']]);
    expect(read('in the first year of the reign of King William and Queen Mary')).toEqual([['1689/1690', 'between']]);
  });

  it('the day and month place it in one year', () => {
    expect(
      read(
        'This Indenture made the tenth day of May in the fourth year of the reign of our Sovereign Lord George the Third by the Grace of God King.',
      ),
    ).toEqual([['1764-05-10', 'exact']]);
    // Before the accession's anniversary (25 Oct) the fourth year is still in 1764; after it, in 1763.
    expect(read('the 30th day of October in the fourth year of the reign of King George the Third')).toEqual([
      ['1763-10-30', 'exact'],
    ]);
    expect(read('Dated the 2nd day of March, in the 50th year of the reign of Her Majesty Queen Victoria.')).toEqual([
      ['1887-03-02', 'exact'],
    ]);
  });

  it('a regnal year that ends within one calendar year is that year', () => {
    // Edward VII's tenth year: 22 January 1910 to his death on 6 May 1910.
    expect(read('in the tenth year of the reign of King Edward the Seventh')).toEqual([['1910', 'exact']]);
  });

  it('does not read statutes, sessions, unnumbered Georges or years beyond the reign', () => {
    expect(read('under the Act 13 Geo. III c. 21')).toEqual([]);
    expect(read('by the statute 4 & 5 Vict. for the relief of the poor')).toEqual([]);
    expect(read('in the fourth year of the reign of King George')).toEqual([]);
    expect(read('in the twentieth year of the reign of King William the Fourth')).toEqual([]);
    expect(read('in the second year of his apprenticeship to George Smith')).toEqual([]);
    expect(read('He lived at 12 Victoria Street.')).toEqual([]);
  });

  it('a date given in full before the regnal year is not repeated as a range', () => {
    expect(
      read('this 10th day of May 1764, in the fourth year of the reign of our Sovereign Lord King George the Third'),
    ).toEqual([['1764-05-10', 'exact']]);
  });
});
