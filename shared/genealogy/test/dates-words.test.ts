import { describe, expect, it } from 'vitest';
import { extractDates } from '../src/extraction/dates';

const norm = (text: string) => extractDates(text).map((d) => d.normalized);

describe('days and years written in words', () => {
  it('English: ordinals, "six and twentieth", years spelled out after "in the year of our Lord"', () => {
    expect(norm('Jane, daughter of Wm. Hall, was baptized the six and twentieth of October 1741.')).toEqual([
      '1741-10-26',
    ]);
    expect(norm('Buried the twenty-sixth day of October 1741, Robert Ash.')).toEqual(['1741-10-26']);
    expect(
      norm(
        'This Indenture made the first day of May in the year of our Lord one thousand seven hundred and forty-one between John Cole and Mary Cole.',
      ),
    ).toEqual(['1741-05-01']);
    expect(norm('Signed this tenth of February 1889 at Raleigh.')).toEqual(['1889-02-10']);
    expect(norm('married October the twenty-sixth, 1741, at St. Mary’s')).toEqual(['1741-10-26']);
    expect(norm('in the year eighteen hundred and ninety-two')).toEqual(['1892']);
  });

  it('keeps the original wording and reads digits with ordinal endings in English', () => {
    const [d] = extractDates('Baptisms 1741. This 3rd day of June, Ann Cole.').slice(1);
    expect(d).toMatchObject({ original: '3rd day of June', normalized: '1741-06-03', qualifier: 'exact' });
  });

  it('French: "le vingt-trois mars mil huit cent quarante-cinq", "le premier mai", "l’an …, le quinzième jour de juin"', () => {
    expect(norm('Le vingt-trois mars mil huit cent quarante-cinq, est né Jean Martin.')).toEqual(['1845-03-23']);
    expect(norm("L'an mil huit cent quarante-cinq, le premier mai, par-devant nous, maire.")).toEqual([
      '1845',
      '1845-05-01',
    ]);
    expect(norm("L'an mil sept cent douze, le quinzième jour de juin, a été baptisé Pierre.")).toEqual([
      '1712',
      '1712-06-15',
    ]);
    expect(norm('Le 1er mai 1850 est décédée Marie Roux.')).toEqual(['1850-05-01']);
    expect(norm('le trente et un décembre mil neuf cent deux')).toEqual(['1902-12-31']);
    expect(norm('le vingt-neuf février mil huit cent quatre-vingt-seize')).toEqual(['1896-02-29']);
  });

  it('German: "den dritten Mai 1852", "am sechsundzwanzigsten Oktober", "im Jahre achtzehnhundertzweiundfünfzig"', () => {
    expect(norm('Geboren den dritten Mai 1852 zu Hamm.')).toEqual(['1852-05-03']);
    expect(norm('Im Jahre 1852 am sechsundzwanzigsten Oktober ist getauft worden Anna.')).toEqual([
      '1852',
      '1852-10-26',
    ]);
    expect(norm('Geschehen im Jahre achtzehnhundertzweiundfünfzig.')).toEqual(['1852']);
    expect(norm('Anno 1802 den 3ten Maii ist geboren Johann Philipp.')).toEqual(['1802', '1802-05-03']);
  });

  it('Latin: "die vigesima sexta Octobris", "die 3a Maii", "anno millesimo septingentesimo quadragesimo primo"', () => {
    expect(norm('Die vigesima sexta Octobris anno Domini 1741 baptizatus est Joannes.')).toEqual(['1741-10-26']);
    expect(norm('Anno 1741 die 3a Maii sepultus est Georgius.')).toEqual(['1741', '1741-05-03']);
    expect(norm('die 26mo Octobris 1741')).toEqual(['1741-10-26']);
    expect(norm('Anno millesimo septingentesimo quadragesimo primo, die decima Februarii')).toEqual([
      '1741',
      '1741-02-10',
    ]);
  });

  it('Spanish, Italian and Dutch', () => {
    expect(norm('En Tudela, a veinte y seis de octubre de mil setecientos noventa, bauticé a José.')).toEqual([
      '1790-10-26',
    ]);
    expect(norm('a diez de febrero de mil ochocientos quince')).toEqual(['1815-02-10']);
    expect(norm("L'anno 1874, addì ventisei ottobre, in Palermo.")).toEqual(['1874', '1874-10-26']);
    expect(norm('il due maggio milleottocentosettantaquattro')).toEqual(['1874-05-02']);
    expect(norm('Gedoopt den zevenentwintigsten October 1760, Jan.')).toEqual(['1760-10-27']);
    expect(norm('Aos quinze dias do mês de setembro de mil oitocentos e noventa e um, nesta freguesia')).toEqual([
      '1891-09-15',
    ]);
    expect(norm('aos vinte e dois dias do mez de Março do anno de mil oitocentos e setenta e tres')).toEqual([
      '1873-03-22',
    ]);
    expect(norm('del año de mil setecientos noventa')).toEqual(['1790']);
    expect(norm('in het jaar achttien honderd zeven en zestig')).toEqual(['1867']);
    expect(norm('Gepasseert in den jare zeventienhonderd drie en zestig')).toEqual(['1763']);
    expect(norm('am dritten Mai des Jahres achtzehnhundertzweiundfünfzig')).toEqual(['1852-05-03']);
  });

  it('Roman numeral days of the old registers: "the xth of Maye", "die xxvj Maii", "the iiijth day of June"', () => {
    expect(norm('1623. Willm. the sonne of Jno. Haworthe was bapt. the xth of Maye.')).toEqual(['1623', '1623-05-10']);
    expect(norm('Anno 1741 die xxvj Maii sepultus est')).toEqual(['1741', '1741-05-26']);
    expect(norm('buried the iiijth day of June 1602')).toEqual(['1602-06-04']);
    // Not a day: more than 31, or a lone numeral without "the"/"die" before it ("vid." is vidua, a widow).
    expect(norm('the xxxij of May 1600')).toEqual(['1600-05']);
    expect(norm('Maria vid. Maii 1741')).toEqual(['1741-05']);
  });

  it('precision: no date from words that only look like numbers next to a month', () => {
    // "second may", "first march": English words, not dates; "due May 1, 1850": "due" is no day.
    expect(norm('Baptisms 1850. The second may be his brother; the first march was long.')).toEqual(['1850']);
    expect(norm('Payment due May 1, 1850.')).toEqual(['1850-05-01']);
    // A cardinal is an English day nowhere; a number of acres is no year.
    expect(norm('1850. He sold twenty May cattle and one thousand eight hundred acres.')).toEqual(['1850']);
    // A day that does not exist is not given.
    expect(norm('le trente février mil huit cent')).toEqual([]);
    // The French Republican "l'an onze" is no year of ours.
    expect(norm("Fait l'an onze de la République")).toEqual([]);
    // The Nones of the Roman calendar are no ninth day.
    expect(norm('Anno 1741, Nonae Maii')).toEqual(['1741']);
    // Sums of money and counts are no years, after a year word or a month.
    expect(norm('He paid every year one thousand pounds.')).toEqual([]);
    expect(norm('le 3 mai, mille huit cents francs')).toEqual([]);
    expect(norm('ogni anno mille lire')).toEqual([]);
  });

  it('stays linear on a 400 KB text', () => {
    const entry =
      'Le vingt-trois mars mil huit cent quarante-cinq, Jean. The six and twentieth of October 1741. den dritten Mai 1852. 3 Feb 1741/2. ';
    const text = entry.repeat(Math.ceil(400_000 / entry.length));
    const started = performance.now();
    const dates = extractDates(text);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(dates.map((d) => d.normalized)).toEqual(['1845-03-23', '1741-10-26', '1852-05-03', '1742-02-03']);
  });
});
