import type { DocumentType } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { buildCitation, type CitationSource, citedDate } from '../src/citation';
import { readRecord } from './helpers/read-record';

const UPLOADED = new Date('2026-11-24T10:00:00Z');

/** A record as the rule extractor reads it, with each person's record role beside their tag. */
function fromText(fileName: string, text: string, page: number | null = 1): CitationSource {
  const e = readRecord({ text, isImage: /\.(png|jpe?g)$/i.test(fileName), originalName: fileName });
  const details = e.personDetails ?? [];
  return {
    documentType: e.documentType,
    fileName,
    uploadedAt: UPLOADED,
    people: e.peopleIdentified.map((p) => ({
      ...p,
      recordRole: details.find((d) => d.name === p.name)?.recordRole ?? null,
    })),
    dates: e.dateInfo,
    places: e.geographicalInfo,
    page,
  };
}

const source = (over: Partial<CitationSource>): CitationSource => ({
  documentType: 'other',
  fileName: 'scan.png',
  uploadedAt: UPLOADED,
  people: [],
  dates: [],
  places: [],
  ...over,
});

describe('source citations (Evidence Explained style)', () => {
  it('cites a marriage certificate by its couple, date and place, and the image and page it was read from', () => {
    const s = fromText(
      'marriage.png',
      'CERTIFICATE OF MARRIAGE\nMarriage solemnized at Dublin, Ireland on the 14th day of June 1887.\n' +
        'John Henry Whitfield, bachelor, aged 24, labourer, son of Thomas Whitfield, farmer.\nMary Ann Brooks, spinster, aged 21, daughter of William Brooks.\nWitness: Patrick Nolan',
    );
    expect(buildCitation(s)).toBe(
      'Marriage certificate, John Henry Whitfield and Mary Ann Brooks, 14 June 1887, Dublin, Leinster, Ireland; digital image "marriage.png", p. 1, uploaded to GNology 24 November 2026.',
    );
  });

  it('cites a census page by its year and the household head', () => {
    const s = fromText(
      'census-1881.jpg',
      '1881 Census of England. Parish of Leeds, Yorkshire.\nThomas Whitfield, Head, married, 45, farmer\nSarah Whitfield, Wife, married, 42\nJohn H. Whitfield, Son, 18',
      3,
    );
    const c = buildCitation(s);
    expect(c).toMatch(/^1881 census, household of Thomas Whitfield, /);
    expect(c).toContain('England; digital image "census-1881.jpg", p. 3, uploaded to GNology 24 November 2026.');
  });

  it('cites a death certificate by the deceased and the date of death, not the birth it mentions', () => {
    const s = fromText(
      'death.pdf',
      'CERTIFIED COPY OF AN ENTRY OF DEATH. Thomas Whitfield died 3 March 1890 at Leeds, Yorkshire, England. Born abt 1836. Informant: John Henry Whitfield, son.',
    );
    expect(buildCitation(s)).toMatch(
      /^Death certificate, Thomas Whitfield, 3 March 1890, .*England; digital image "death\.pdf", p\. 1, uploaded to GNology 24 November 2026\.$/,
    );
  });

  it('cites a birth certificate by the child', () => {
    const c = buildCitation(
      source({
        documentType: 'birth',
        fileName: 'birth.jpg',
        people: [
          { name: 'William Whitfield', role: 'parent', recordRole: 'father' },
          { name: 'Sarah Jane Whitfield', role: 'primary_subject' },
        ],
        dates: [{ normalized: '1890-02-02', qualifier: 'exact' }],
        places: [{ name: 'Springfield', kind: 'town', state: 'Illinois', countryCode: 'US' }],
      }),
    );
    expect(c).toBe(
      'Birth certificate, Sarah Jane Whitfield, 2 February 1890, Springfield, Illinois, United States; digital image "birth.jpg", uploaded to GNology 24 November 2026.',
    );
  });

  it('cites an obituary by the deceased and its latest date', () => {
    const c = buildCitation(
      source({
        documentType: 'obituary',
        fileName: 'obituary.txt',
        people: [
          { name: 'Mary Ann Whitfield', role: 'primary_subject', recordRole: 'deceased' },
          { name: 'John Henry Whitfield', role: 'spouse' },
        ],
        dates: [
          { normalized: '1866', qualifier: 'about' },
          { normalized: '1931-01-09', qualifier: 'exact' },
        ],
      }),
    );
    expect(c).toBe(
      'Obituary, Mary Ann Whitfield, 9 January 1931; digital file "obituary.txt", uploaded to GNology 24 November 2026.',
    );
  });

  it('cites a letter and a photograph by the people they name (at most three)', () => {
    const people = ['Anna', 'Bert', 'Carl', 'Dora'].map((n) => ({
      name: `${n} Whitfield`,
      role: 'other_relative' as const,
    }));
    expect(buildCitation(source({ documentType: 'letter', fileName: 'letter.docx', people }))).toBe(
      'Letter, Anna Whitfield, Bert Whitfield and Carl Whitfield; digital file "letter.docx", uploaded to GNology 24 November 2026.',
    );
    expect(
      buildCitation(
        source({
          documentType: 'photo',
          fileName: 'wedding.jpeg',
          people: people.slice(0, 2),
          dates: [{ normalized: '1911/1915', qualifier: 'between' }],
        }),
      ),
    ).toBe(
      'Photograph, Anna Whitfield and Bert Whitfield, between 1911 and 1915; digital image "wedding.jpeg", uploaded to GNology 24 November 2026.',
    );
  });

  it.each<[DocumentType, string]>([
    ['military', 'Military record, Thomas Whitfield'],
    ['journal', 'GNology Journal, Thomas Whitfield'],
    ['other', 'Document, Thomas Whitfield'],
  ])('titles a %s record', (documentType, start) => {
    const c = buildCitation(source({ documentType, people: [{ name: 'Thomas Whitfield', role: 'primary_subject' }] }));
    expect(c.startsWith(`${start}; digital image "scan.png"`)).toBe(true);
  });

  it('leaves out what extraction did not find, and never breaks the quotes around the file name', () => {
    expect(buildCitation(source({ fileName: 'my "best" scan.png' }))).toBe(
      `Document; digital image "my 'best' scan.png", uploaded to GNology 24 November 2026.`,
    );
  });

  it('writes qualified and double dates in words', () => {
    expect(citedDate({ normalized: '1850', qualifier: 'about' })).toBe('about 1850');
    expect(citedDate({ normalized: '1900-03', qualifier: 'before' })).toBe('before March 1900');
    expect(citedDate({ normalized: '1820', qualifier: 'after' })).toBe('after 1820');
    expect(citedDate({ normalized: '1750-02-12', qualifier: 'dual_year' })).toBe('12 February 1749/50');
    expect(citedDate({ normalized: '1849/1850', qualifier: 'between' })).toBe('between 1849 and 1850');
  });
});
