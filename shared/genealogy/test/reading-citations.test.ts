import type { DocumentEntities } from '@gnology/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCitation, type CitationSource, citationPeople } from '../src/citation';
import { THREE_GENERATIONS } from './fixtures/three-generations';
import { readRecord } from './helpers/read-record';

/*
 * Issue 28: the citations of the three-generation family's records, from what the rules read. A
 * baptism is typed `birth` (the type list has no baptism) but is cited as the church register entry
 * it is, dated by the baptism; a letter by its dateline, not by the dates it tells of.
 */

const UPLOADED = new Date('2026-11-24T10:00:00Z');

const read = (file: string): DocumentEntities =>
  readRecord({ text: THREE_GENERATIONS[file]!, isImage: /\.png$/.test(file), originalName: file });

/** As the documents service builds it, with the baptism date extraction read for each person. */
function sourceOf(file: string): CitationSource {
  const e = read(file);
  return {
    documentType: e.documentType,
    fileName: file,
    uploadedAt: UPLOADED,
    people: citationPeople(e.peopleIdentified, e.personDetails),
    dates: e.dateInfo,
    places: e.geographicalInfo,
  };
}

describe('issue 28: citing the three-generation family’s records', () => {
  beforeAll(() => void read('census-1900-raleigh.txt'), 120_000);

  it('cites the baptism as a baptism register entry dated by the baptism, not as a birth certificate', () => {
    const c = buildCitation(sourceOf('thomas-barnes-whitfield-baptism-1889.txt'));
    expect(c).toMatch(/^Baptism register entry, Thomas Barnes Whitfield, (?:17 )?March 1889[,;]/);
    expect(c).not.toMatch(/Birth certificate|between/);
  });

  it('without the baptism date, a register entry gives no date rather than the birth’s', () => {
    const s = sourceOf('thomas-barnes-whitfield-baptism-1889.txt');
    const c = buildCitation({ ...s, people: s.people.map((p) => ({ ...p, baptized: null })) });
    // The sponsors still say it is a baptism.
    expect(c).toMatch(/^Baptism register entry, Thomas Barnes Whitfield; digital file/);
  });

  it('a birth record without sponsors or a baptism date is still a birth certificate', () => {
    const c = buildCitation({
      documentType: 'birth',
      fileName: 'birth.jpg',
      uploadedAt: UPLOADED,
      people: [{ name: 'Sarah Jane Whitfield', role: 'primary_subject' }],
      dates: [{ normalized: '1890-02-02', qualifier: 'exact' }],
      places: [],
    });
    expect(c).toMatch(/^Birth certificate, Sarah Jane Whitfield, 2 February 1890;/);
  });

  it('cites the letter by its dateline, not by the wedding it remembers', () => {
    const c = buildCitation(sourceOf('letter-john-henry-1902.txt'));
    expect(c).toMatch(/^Letter, John Henry Whitfield, .*20 March 1902/);
    expect(c).not.toContain('1886');
  });

  it('cites the marriage by its couple and the obituary by the deceased', () => {
    expect(buildCitation(sourceOf('whitfield-barnes-marriage-1887.png'))).toMatch(
      /^Marriage certificate, John Henry Whitfield and Sarah Elizabeth Barnes, 14 June 1887, Raleigh, /,
    );
    expect(buildCitation(sourceOf('thomas-whitfield-obituary-1902.txt'))).toMatch(
      /^Obituary, Thomas Whitfield, 3 March 1902, /,
    );
  });
});
