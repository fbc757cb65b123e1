import { describe, expect, it } from 'vitest';
import { extractDates } from '../src/extraction/dates';

const read = (text: string) =>
  extractDates(text).map((d) => [d.original, d.normalized, d.qualifier, ...(d.calendar ? [d.calendar] : [])]);

describe('Old Style and double dating', () => {
  it('a slash year gives the new-style year from 1 January to 24 March, keeping what the clerk wrote', () => {
    expect(read('Baptized 10 February 1740/1, Sarah Cole.')).toEqual([
      ['10 February 1740/1', '1741-02-10', 'dual_year'],
    ]);
    expect(read('buried the 24th of March 1719/20')).toEqual([['24th of March 1719/20', '1720-03-24', 'dual_year']]);
    expect(read('born the eleventh of February 1731/2')).toEqual([
      ['eleventh of February 1731/2', '1732-02-11', 'dual_year'],
    ]);
  });

  it('from 25 March the first year is the year in both styles', () => {
    expect(read('married 26 March 1741/2')).toEqual([['26 March 1741/2', '1741-03-26', 'dual_year']]);
    expect(read('Buried in May 1741/2')).toEqual([['May 1741/2', '1741-05', 'dual_year']]);
    expect(read('Baptisms 1741/2. Feb. 7. Ann Cole. Mar. 25. John Hale.').map((d) => d[1])).toEqual([
      '1742',
      '1742-02-07',
      '1741-03-25',
    ]);
  });

  it('O.S. and N.S. marks are kept as the calendar, the day is never moved', () => {
    expect(read('born 11 Feb 1731 O.S.')).toEqual([['11 Feb 1731 O.S.', '1731-02-11', 'exact', 'julian']]);
    expect(read('born 22 February 1732 (N.S.)')).toEqual([
      ['22 February 1732 (N.S.)', '1732-02-22', 'exact', 'gregorian'],
    ]);
    expect(read('the 3d of September 1752 Old Style')).toEqual([
      ['3d of September 1752 Old Style', '1752-09-03', 'exact', 'julian'],
    ]);
  });

  it('a second year that does not follow the first is no double date', () => {
    expect(read('10 February 1740/3')).toEqual([]);
  });
});
