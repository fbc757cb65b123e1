import { describe, expect, it } from 'vitest';
import { readRecord } from './helpers/read-record';
import { extractDates } from '../src/extraction/dates';
import { classifyDocument } from '../src/extraction/document-type';
import { extractOccupations } from '../src/extraction/occupations';
import { extractPeople } from '../src/extraction/people';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from '../../../services/documents/test/fixtures/texts';

describe('dates', () => {
  const norm = (text: string) => extractDates(text).map((d) => [d.original, d.normalized, d.qualifier]);
  it('reads the genealogical forms with their qualifiers', () => {
    expect(norm('born 15 March 1850')).toEqual([['15 March 1850', '1850-03-15', 'exact']]);
    expect(norm('on Mar. 15, 1850')).toEqual([['Mar. 15, 1850', '1850-03-15', 'exact']]);
    expect(norm('dated 15/03/1850')).toEqual([['15/03/1850', '1850-03-15', 'exact']]);
    expect(norm('abt 1850')).toEqual([['abt 1850', '1850', 'about']]);
    expect(norm('bef. 1900')).toEqual([['bef. 1900', '1900', 'before']]);
    expect(norm('circa 1820')).toEqual([['circa 1820', '1820', 'about']]);
    expect(norm('aft 1870')).toEqual([['aft 1870', '1870', 'after']]);
    expect(norm('baptised 1849/50')).toEqual([['1849/50', '1850', 'dual_year']]);
    expect(norm('10 Feb 1749/50')).toEqual([['10 Feb 1749/50', '1750-02-10', 'dual_year']]);
    expect(norm('lived there 1850-1855')).toEqual([['1850-1855', '1850/1855', 'between']]);
    expect(norm('between 1860 and 1865')).toEqual([['between 1860 and 1865', '1860/1865', 'between']]);
    expect(norm('March 1851')).toEqual([['March 1851', '1851-03', 'exact']]);
  });
  it('reads 03/15/1850 month first only because 15 cannot be a month', () => {
    expect(norm('03/15/1850')[0]?.[1]).toBe('1850-03-15');
    expect(norm('04/05/1850')[0]?.[1]).toBe('1850-05-04');
  });
  it('ignores impossible dates and numbers that are not years', () => {
    expect(extractDates('31 February 1850').map((d) => d.normalized)).not.toContain('1850-02-31');
    expect(norm('page 1234, No. 1850, $1900')).toEqual([]);
  });
});

describe('people and roles', () => {
  it('ties people together through relationship phrases', () => {
    expect(extractPeople(OBITUARY)).toEqual([
      { name: 'Mary Ellen Turner', role: 'primary_subject' },
      { name: 'Samuel Turner', role: 'spouse' },
      { name: 'John Hale', role: 'parent' },
      { name: 'Sarah Hale', role: 'parent' },
      { name: 'William Turner', role: 'child' },
      { name: 'George Turner', role: 'child' },
      { name: 'Martha Price', role: 'sibling' },
    ]);
  });
  it('reads "son of … and …" and "married"', () => {
    expect(extractPeople(BIRTH).slice(0, 3)).toEqual([
      { name: 'James Robert Wilson', role: 'primary_subject' },
      { name: 'Thomas Wilson', role: 'parent' },
      { name: 'Elizabeth Wilson', role: 'parent' },
    ]);
    const marriage = extractPeople(MARRIAGE);
    expect(marriage[0]).toEqual({ name: 'Henry Clay Brooks', role: 'primary_subject' });
    expect(marriage).toContainEqual({ name: 'Sarah Ann Miller', role: 'spouse' });
    expect(marriage).toContainEqual({ name: 'Peter Greene', role: 'other_relative' });
  });
  it('reads census relation columns', () => {
    expect(extractPeople(CENSUS)).toEqual([
      { name: 'John Smith', role: 'primary_subject' },
      { name: 'Mary Smith', role: 'spouse' },
      { name: 'William Smith', role: 'child' },
      { name: 'Anna Smith', role: 'child' },
    ]);
  });
  it('does not take places or months for people', () => {
    const names = extractPeople(
      'In March 1850 the family moved to Springfield, Illinois. Virginia Hall was a teacher.',
    ).map((p) => p.name);
    expect(names).toEqual(['Virginia Hall']);
  });
});

describe('places, occupations and document types', () => {
  it('finds towns with their state, counties, states and countries from the gazetteer', () => {
    const geo = readRecord({ text: OBITUARY, isImage: false }).geographicalInfo;
    expect(geo).toContainEqual({ name: 'Roanoke', kind: 'town', countryCode: 'US', state: 'Virginia' });
    expect(geo).toContainEqual({ name: 'Botetourt County', kind: 'county' });
    expect(geo).toContainEqual({ name: 'Virginia', kind: 'state', countryCode: 'US' });
    expect(geo).toContainEqual(expect.objectContaining({ name: 'Baltimore', kind: 'town', state: 'Maryland' }));
    const census = readRecord({ text: CENSUS, isImage: false }).geographicalInfo.map((g) => `${g.kind}:${g.name}`);
    expect(census).toEqual(
      expect.arrayContaining(['town:Springfield', 'state:Illinois', 'country:Ireland', 'country:Germany']),
    );
    // The first call loads the gazetteer (tens of thousands of places): seconds on a busy machine.
  }, 120_000);
  it('needs place context for a town: common words and names are not places', () => {
    const geo = readRecord({
      text: 'Mary and Hope went to church. Union soldiers passed.',
      isImage: false,
    }).geographicalInfo;
    expect(geo).toEqual([]);
  });
  it('finds occupations, but not surnames that are trades', () => {
    expect(extractOccupations(CENSUS)).toEqual(['farmer']);
    expect(extractOccupations('Sarah Ann Miller married a carpenter; John Taylor, blacksmith')).toEqual([
      'carpenter',
      'blacksmith',
    ]);
  });
  it('classifies records', () => {
    expect(classifyDocument(OBITUARY, { isImage: false })).toBe('obituary');
    expect(classifyDocument(BIRTH, { isImage: false })).toBe('birth');
    expect(classifyDocument(CENSUS, { isImage: false })).toBe('census');
    expect(classifyDocument(LETTER, { isImage: false })).toBe('letter');
    expect(classifyDocument(MARRIAGE, { isImage: false })).toBe('marriage');
    expect(
      classifyDocument('Pvt. Amos Brooks enlisted in Company B, 4th Virginia Infantry regiment.', { isImage: false }),
    ).toBe('military');
    expect(classifyDocument('', { isImage: true })).toBe('photo');
    expect(classifyDocument('Shopping list: flour, sugar.', { isImage: false })).toBe('other');
  });
  it('tags the record type, decades and regions', () => {
    expect(readRecord({ text: OBITUARY, isImage: false }).tags).toEqual(['obituary', '1910s', '1840s', 'Virginia']);
  });
});
