import type { DocumentEntities } from '@gnology/contracts';

/*
 * The documents service's test records (services/documents/test/fixtures/texts.ts) with the
 * extraction a correct reading stores for them: what Gene's answers are built from (issue 28).
 */

const exact = (original: string, normalized: string) => ({
  original,
  normalized,
  qualifier: 'exact' as const,
  year: Number(normalized.slice(0, 4)),
});
const about = (original: string, year: number) => ({
  original,
  normalized: String(year),
  qualifier: 'about' as const,
  year,
});

export const OLD_READINGS: Record<'whitfield' | 'sullivan' | 'turner', DocumentEntities> = {
  whitfield: {
    documentType: 'marriage',
    peopleIdentified: [
      { name: 'John Henry Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'parent' },
      { name: 'Mary Ann Whitfield', role: 'parent' },
      { name: 'Sarah Elizabeth Cole', role: 'spouse' },
      { name: 'Robert Cole', role: 'other_relative' },
      { name: 'Susan Cole', role: 'other_relative' },
      { name: 'James Whitfield', role: 'other_relative' },
      { name: 'Martha Cole', role: 'other_relative' },
    ],
    personDetails: [
      { name: 'John Henry Whitfield', recordRole: 'groom' },
      { name: 'Thomas Whitfield', recordRole: 'father_of_groom' },
      { name: 'Mary Ann Whitfield', recordRole: 'mother_of_groom' },
      { name: 'Sarah Elizabeth Cole', recordRole: 'bride' },
      { name: 'Robert Cole', recordRole: 'father_of_bride' },
      { name: 'Susan Cole', recordRole: 'mother_of_bride' },
      { name: 'James Whitfield', recordRole: 'witness' },
      { name: 'Martha Cole', recordRole: 'witness' },
    ],
    dateInfo: [exact('2 March 1862', '1862-03-02'), exact('14 June 1887', '1887-06-14')],
    geographicalInfo: [
      { name: 'Raleigh', kind: 'town', countryCode: 'US', state: 'North Carolina' },
      { name: 'Wake County', kind: 'county' },
      { name: 'North Carolina', kind: 'state', countryCode: 'US' },
    ],
    occupations: [],
    tags: [],
  },
  sullivan: {
    documentType: 'obituary',
    peopleIdentified: [
      { name: 'Michael Sullivan', role: 'primary_subject' },
      { name: 'Margaret Byrne', role: 'spouse' },
      { name: 'Patrick Sullivan', role: 'child' },
      { name: 'Daniel Sullivan', role: 'child' },
    ],
    personDetails: [{ name: 'Michael Sullivan', recordRole: 'deceased' }],
    dateInfo: [exact('3 January 1901', '1901-01-03'), exact('1843', '1843')],
    geographicalInfo: [{ name: 'Boston', kind: 'town', countryCode: 'US', state: 'Massachusetts' }],
    occupations: ['stonemason'],
    tags: [],
  },
  turner: {
    documentType: 'obituary',
    peopleIdentified: [
      { name: 'Mary Ellen Turner', role: 'primary_subject' },
      { name: 'Samuel Turner', role: 'spouse' },
      { name: 'John Hale', role: 'parent' },
      { name: 'Sarah Hale', role: 'parent' },
      { name: 'William Turner', role: 'child' },
      { name: 'George Turner', role: 'child' },
      { name: 'Martha Price', role: 'sibling' },
    ],
    personDetails: [{ name: 'Mary Ellen Turner', recordRole: 'deceased' }],
    dateInfo: [exact('4 May 1911', '1911-05-04'), about('abt 1840', 1840)],
    geographicalInfo: [
      { name: 'Roanoke', kind: 'town', countryCode: 'US', state: 'Virginia' },
      { name: 'Botetourt County', kind: 'county' },
      { name: 'Virginia', kind: 'state', countryCode: 'US' },
    ],
    occupations: ['farmer'],
    tags: [],
  },
};
