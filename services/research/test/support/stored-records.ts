import type { DocumentEntities, IndividualDetail } from '@gnology/contracts';
import { THREE_GENERATIONS } from '../../../../shared/genealogy/test/fixtures/three-generations';
import type { ContextDocument } from '../../src/domain/model';
import { storedDocument } from './read-records';

/*
 * Issue 28's records with the extraction a correct reading stores (what a genealogist reads in
 * them, THREE_GENERATIONS_TRUTH), so these tests say what Gene does WITH an extraction whatever
 * the reader of the day finds; offline-reader.test.ts runs the same questions through the real reader.
 */

export const IDS = {
  marriage: '65f0a1b2c3d4e5f6a7b8ca01',
  baptism: '65f0a1b2c3d4e5f6a7b8ca02',
  census: '65f0a1b2c3d4e5f6a7b8ca03',
  letter: '65f0a1b2c3d4e5f6a7b8ca04',
  obituary: '65f0a1b2c3d4e5f6a7b8ca05',
  sullivan: '65f0a1b2c3d4e5f6a7b8ca06',
} as const;

export const FILES = {
  marriage: 'whitfield-barnes-marriage-1887.png',
  baptism: 'thomas-barnes-whitfield-baptism-1889.txt',
  census: 'census-1900-raleigh.txt',
  letter: 'letter-john-henry-1902.txt',
  obituary: 'thomas-whitfield-obituary-1902.txt',
  sullivan: 'margaret-sullivan-obituary-1921.txt',
} as const;

export const SULLIVAN_1921 = `OBITUARY

Margaret Sullivan, daughter of Michael Sullivan and Bridget Sullivan, died on 4 May 1921 at her home in Boston, Massachusetts, aged 63. She was buried in Holyhood Cemetery.`;

const RALEIGH = [
  { name: 'Raleigh', kind: 'town' as const, countryCode: 'US', state: 'North Carolina' },
  { name: 'Wake County', kind: 'county' as const },
  { name: 'North Carolina', kind: 'state' as const, countryCode: 'US' },
];
const exact = (original: string, normalized: string) => ({
  original,
  normalized,
  qualifier: 'exact' as const,
  year: Number(normalized.slice(0, 4)),
});
const entities = (
  e: Omit<DocumentEntities, 'tags' | 'occupations'> & { occupations?: string[] },
): DocumentEntities => ({
  tags: [],
  occupations: [],
  ...e,
});

export const STORED: Record<keyof typeof IDS, DocumentEntities> = {
  marriage: entities({
    documentType: 'marriage',
    peopleIdentified: [
      { name: 'John Henry Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'parent' },
      { name: 'Mary Ann Whitfield', role: 'parent' },
      { name: 'Sarah Elizabeth Barnes', role: 'spouse' },
      { name: 'William Barnes', role: 'other_relative' },
      { name: 'Catherine Barnes', role: 'other_relative' },
      { name: 'Samuel Pritchard', role: 'other_relative' },
      { name: 'Robert Barnes', role: 'other_relative' },
      { name: 'James Whitfield', role: 'other_relative' },
    ],
    personDetails: [
      { name: 'John Henry Whitfield', recordRole: 'groom' },
      { name: 'Thomas Whitfield', recordRole: 'father_of_groom' },
      { name: 'Mary Ann Whitfield', recordRole: 'mother_of_groom' },
      { name: 'Sarah Elizabeth Barnes', recordRole: 'bride' },
      { name: 'William Barnes', recordRole: 'father_of_bride' },
      { name: 'Catherine Barnes', recordRole: 'mother_of_bride' },
      { name: 'Samuel Pritchard', recordRole: 'officiant' },
      { name: 'Robert Barnes', recordRole: 'witness' },
      { name: 'James Whitfield', recordRole: 'witness' },
    ],
    dateInfo: [exact('14th day of June 1887', '1887-06-14')],
    geographicalInfo: RALEIGH,
  }),
  baptism: entities({
    documentType: 'birth',
    peopleIdentified: [
      { name: 'Thomas Barnes Whitfield', role: 'primary_subject' },
      { name: 'John Henry Whitfield', role: 'parent' },
      { name: 'Sarah Elizabeth Whitfield', role: 'parent' },
      { name: 'Robert Barnes', role: 'other_relative' },
      { name: 'Mary Ann Whitfield', role: 'other_relative' },
      { name: 'Samuel Pritchard', role: 'other_relative' },
    ],
    personDetails: [
      { name: 'John Henry Whitfield', recordRole: 'father' },
      { name: 'Sarah Elizabeth Whitfield', recordRole: 'mother' },
      { name: 'Robert Barnes', recordRole: 'sponsor' },
      { name: 'Mary Ann Whitfield', recordRole: 'sponsor' },
      { name: 'Samuel Pritchard', recordRole: 'officiant' },
    ],
    dateInfo: [exact('tenth of February 1889', '1889-02-10'), exact('seventeenth of March 1889', '1889-03-17')],
    geographicalInfo: [RALEIGH[0]!],
  }),
  census: entities({
    documentType: 'census',
    peopleIdentified: [
      { name: 'John H. Whitfield', role: 'primary_subject' },
      { name: 'Sarah E. Whitfield', role: 'spouse' },
      { name: 'Thomas B. Whitfield', role: 'child' },
      { name: 'Thomas Whitfield', role: 'parent' },
      { name: 'George Hale', role: 'other_relative' },
    ],
    personDetails: [
      { name: 'John H. Whitfield', recordRole: 'head' },
      { name: 'Sarah E. Whitfield', recordRole: 'wife' },
      { name: 'Thomas B. Whitfield', recordRole: 'son' },
      { name: 'Thomas Whitfield', recordRole: 'father' },
      { name: 'George Hale', recordRole: 'boarder' },
    ],
    dateInfo: [exact('1900', '1900')],
    geographicalInfo: RALEIGH,
    occupations: ['carpenter', 'farmer'],
  }),
  letter: entities({
    documentType: 'letter',
    peopleIdentified: [
      { name: 'John Henry Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'parent' },
    ],
    personDetails: [{ name: 'Thomas Whitfield', recordRole: 'father' }],
    dateInfo: [exact('20th March 1902', '1902-03-20'), exact('June\n1886', '1886-06')],
    geographicalInfo: [RALEIGH[0]!],
  }),
  obituary: entities({
    documentType: 'obituary',
    peopleIdentified: [
      { name: 'Thomas Whitfield', role: 'primary_subject' },
      { name: 'Mary Ann Whitfield', role: 'spouse' },
      { name: 'John Henry Whitfield', role: 'child' },
      { name: 'Thomas Barnes Whitfield', role: 'other_relative' },
    ],
    personDetails: [
      { name: 'Thomas Whitfield', recordRole: 'deceased' },
      { name: 'Mary Ann Whitfield', recordRole: 'wife' },
      { name: 'John Henry Whitfield', recordRole: 'son' },
    ],
    dateInfo: [exact('March 3, 1902', '1902-03-03'), exact('1895', '1895')],
    geographicalInfo: [RALEIGH[0]!, RALEIGH[1]!],
    occupations: ['farmer'],
  }),
  sullivan: entities({
    documentType: 'obituary',
    peopleIdentified: [
      { name: 'Margaret Sullivan', role: 'primary_subject' },
      { name: 'Michael Sullivan', role: 'parent' },
      { name: 'Bridget Sullivan', role: 'parent' },
    ],
    personDetails: [
      { name: 'Margaret Sullivan', recordRole: 'deceased' },
      { name: 'Michael Sullivan', recordRole: 'father' },
      { name: 'Bridget Sullivan', recordRole: 'mother' },
    ],
    dateInfo: [exact('4 May 1921', '1921-05-04')],
    geographicalInfo: [
      { name: 'Boston', kind: 'town', countryCode: 'US', state: 'Massachusetts' },
      { name: 'Massachusetts', kind: 'state', countryCode: 'US' },
    ],
  }),
};

const TEXT: Record<keyof typeof IDS, string> = {
  marriage: THREE_GENERATIONS[FILES.marriage]!,
  baptism: THREE_GENERATIONS[FILES.baptism]!,
  census: THREE_GENERATIONS[FILES.census]!,
  letter: THREE_GENERATIONS[FILES.letter]!,
  obituary: THREE_GENERATIONS[FILES.obituary]!,
  sullivan: SULLIVAN_1921,
};

/** The record as research receives it, with the stored extraction above. */
export function record(key: keyof typeof IDS): ContextDocument {
  return storedDocument(IDS[key], FILES[key], TEXT[key], STORED[key]);
}

/** The record as research receives it, read by the rules of the day. */
export function recordByRules(key: keyof typeof IDS): ContextDocument {
  return storedDocument(IDS[key], FILES[key], TEXT[key]);
}

export const recordText = (key: keyof typeof IDS) => TEXT[key];

const evidence = (key: keyof typeof IDS, nameAsWritten: string, role: string, recordRole: string | null) => ({
  mentionId: `${IDS[key]}-${nameAsWritten}`,
  documentId: IDS[key],
  fileName: FILES[key],
  documentType: STORED[key].documentType,
  nameAsWritten,
  role: role as IndividualDetail['evidence'][number]['role'],
  recordRole: recordRole as IndividualDetail['evidence'][number]['recordRole'],
  date: null,
  place: null,
  page: 1,
});
const event = (
  kind: string,
  date: string,
  place: string | null,
  key: keyof typeof IDS,
  detail: string | null = null,
) => ({
  kind: kind as IndividualDetail['timeline'][number]['kind'],
  date,
  year: Number(date.slice(0, 4)),
  place,
  detail,
  documentId: IDS[key],
  fileName: FILES[key],
});
const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/**
 * John Henry Whitfield as the people index holds him once it reads the letter's wedding: two
 * marriage dates, and the conflict naming both documents.
 */
export const JOHN_HENRY: IndividualDetail = {
  individual: {
    id: id(1),
    name: 'John Henry Whitfield',
    sex: 'M',
    birthYear: null,
    deathYear: null,
    documentCount: 5,
    mentionCount: 5,
    conflictCount: 1,
    userEdited: false,
  },
  variants: ['John H. Whitfield', 'John Henry Whitfield'],
  evidence: [
    evidence('marriage', 'John Henry Whitfield', 'primary_subject', 'groom'),
    evidence('baptism', 'John Henry Whitfield', 'parent', 'father'),
    evidence('census', 'John H. Whitfield', 'primary_subject', 'head'),
    evidence('letter', 'John Henry Whitfield', 'primary_subject', null),
    evidence('obituary', 'John Henry Whitfield', 'child', 'son'),
  ],
  timeline: [
    event('marriage', '1886-06', 'Raleigh', 'letter'),
    event('marriage', '1887-06-14', 'Raleigh', 'marriage'),
    event('residence', '1900', 'Raleigh', 'census', 'census'),
    event('occupation', '1900', 'Raleigh', 'census', 'carpenter'),
  ],
  conflicts: [
    {
      kind: 'event_dates',
      message: `John Henry Whitfield's marriage is dated differently: 14 June 1887 in ${FILES.marriage}, June 1886 in ${FILES.letter}.`,
      documentIds: [IDS.marriage, IDS.letter],
    },
  ],
  relatives: [
    { individualId: id(2), name: 'Thomas Whitfield', relation: 'parent' },
    { individualId: id(3), name: 'Mary Ann Whitfield', relation: 'parent' },
    { individualId: id(4), name: 'Sarah Elizabeth Barnes', relation: 'spouse' },
    { individualId: id(5), name: 'Thomas Barnes Whitfield', relation: 'child' },
  ],
};

/** Thomas Whitfield the grandfather: the obituary's and the letter's death, the census's age. */
export const THOMAS: IndividualDetail = {
  individual: {
    id: id(2),
    name: 'Thomas Whitfield',
    sex: 'M',
    birthYear: 1831,
    deathYear: 1902,
    documentCount: 4,
    mentionCount: 4,
    conflictCount: 0,
    userEdited: false,
  },
  variants: ['Thomas Whitfield'],
  evidence: [
    evidence('marriage', 'Thomas Whitfield', 'parent', 'father_of_groom'),
    evidence('census', 'Thomas Whitfield', 'parent', 'father'),
    evidence('letter', 'Thomas Whitfield', 'parent', 'father'),
    evidence('obituary', 'Thomas Whitfield', 'primary_subject', 'deceased'),
  ],
  timeline: [
    event('birth', '1831', null, 'census', 'estimated from age 69 in 1900'),
    event('death', '1902-03-03', 'Raleigh', 'obituary'),
    event('death', '1902-03-03', 'Raleigh', 'letter'),
  ],
  conflicts: [],
  relatives: [
    { individualId: id(3), name: 'Mary Ann Whitfield', relation: 'spouse' },
    { individualId: id(1), name: 'John Henry Whitfield', relation: 'child' },
  ],
};
