import { describe, expect, it } from 'vitest';
import { extractDates } from '../src/extraction/dates';
import { THREE_GENERATIONS } from './fixtures/three-generations';

const norm = (text: string) => extractDates(text).map((d) => d.normalized);

describe('days relative to the document’s own date', () => {
  it('the Whitfield letter: "the 3rd of this month" under "Raleigh, N.C., 20th March 1902"', () => {
    const dates = extractDates(THREE_GENERATIONS['letter-john-henry-1902.txt']!);
    expect(dates).toContainEqual({
      original: '3rd of this month',
      normalized: '1902-03-03',
      qualifier: 'exact',
      year: 1902,
    });
    expect(dates.map((d) => d.normalized)).toEqual(['1902-03-20', '1902-03-03', '1886-06']);
  });

  it('the Whitfield baptism: born the tenth of February, baptized the seventeenth of March 1889', () => {
    expect(norm(THREE_GENERATIONS['thomas-barnes-whitfield-baptism-1889.txt']!)).toEqual(['1889-02-10', '1889-03-17']);
  });

  it('inst., ult., prox., "of last month" and "yesterday" against the heading', () => {
    const letter = `Philadelphia, 10th Xber 1790
Dear Brother,
Our Sister Rebecca was safely delivered of a Son on the 4th inst. Your letter of the 28th ult. came yesterday,
and Cousin Josiah sails the 5th prox. Aunt Hewes was buried the twelfth of last month.`;
    expect(extractDates(letter).map((d) => [d.original, d.normalized])).toEqual([
      ['10th Xber 1790', '1790-12-10'],
      ['4th inst.', '1790-12-04'],
      ['28th ult.', '1790-11-28'],
      ['yesterday', '1790-12-09'],
      ['5th prox.', '1791-01-05'],
      ['twelfth of last month', '1790-11-12'],
    ]);
  });

  it('a named month "last" or "next": the latest before the heading or the first after it', () => {
    const letter = `Raleigh, N.C., 20th March 1902

Dear Cousin,
Father died the 5th of December last, and Mother the 3rd of March last. We sail the 2nd of June next
and return the tenth of January next.`;
    expect(extractDates(letter).map((d) => [d.original, d.normalized])).toEqual([
      ['20th March 1902', '1902-03-20'],
      ['5th of December last', '1901-12-05'],
      // "March last" written in March: this March or a year ago — not read.
      ['2nd of June next', '1902-06-02'],
      ['tenth of January next', '1903-01-10'],
    ]);
  });

  it('this month and last month in French, German, Dutch', () => {
    const read = (text: string) => extractDates(text).map((d) => [d.original, d.normalized]);
    expect(
      read('Paris, le 20 mars 1850.\nMonsieur,\nIl est décédé le 3 courant, et sa sœur le vingt-huit du mois dernier.'),
    ).toEqual([
      ['20 mars 1850', '1850-03-20'],
      ['3 courant', '1850-03-03'],
      ['vingt-huit du mois dernier', '1850-02-28'],
    ]);
    expect(read('Hamburg, den 20. März 1850.\nLieber Bruder,\nDer Vater starb den 3. dieses Monats.')).toEqual([
      ['20. März 1850', '1850-03-20'],
      ['3. dieses Monats', '1850-03-03'],
    ]);
    expect(read('Amsterdam, den 20 Maart 1850.\nWaarde Broeder,\nOverleden den 3 dezer.')).toEqual([
      ['20 Maart 1850', '1850-03-20'],
      ['3 dezer', '1850-03-03'],
    ]);
  });

  it('a newspaper dateline dates its report', () => {
    expect(norm('LONDON, March 4, 1850.—The Earl of Derby died yesterday at Knowsley.')).toEqual([
      '1850-03-04',
      '1850-03-03',
    ]);
  });

  it('nothing without the document’s date, and nothing from a date inside the prose', () => {
    expect(norm('Dear Brother, Rebecca was delivered of a Son on the 4th inst.')).toEqual([]);
    expect(norm('John Smith, born March 3, 1850, died on the 5th inst.')).toEqual(['1850-03-03']);
    expect(
      norm(
        'DIED. At his residence near Staunton, on the 2nd inst., Mr. Jacob Ruebush. He was born in Augusta county, Va., March 14, 1833.',
      ),
    ).toEqual(['1833-03-14']);
    // "the day before yesterday" and "yesterday week" are not the day before; "last Tuesday" is not read.
    const heading = 'Boston, 12 October 1862\nDear Sarah,\n';
    expect(norm(`${heading}He came the day before yesterday.`)).toEqual(['1862-10-12']);
    expect(norm(`${heading}He came yesterday week, and left last Tuesday.`)).toEqual(['1862-10-12']);
  });
});
