import type { LibraryPassage } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../src/domain/offline/answer';
import { documentBlock, documentsPreamble } from '../src/domain/prompt';
import { fromPassages } from '../src/domain/library-passages';
import { retrieveFromLibrary } from '../src/use-cases/retrieve-library';

const CERT = '65f0a1b2c3d4e5f6a7b8c9e1';
const BAPTISM = '65f0a1b2c3d4e5f6a7b8c9e2';
const passage = (documentId: string, originalName: string, pageNumber: number, text: string): LibraryPassage => ({
  documentId,
  originalName,
  documentType: null,
  pageNumber,
  snippet: text.slice(0, 40),
  text,
  score: 1,
  peopleIdentified: [],
});
// The documents' stored extraction comes with each passage (issue 28): Gene answers from it, not from the page text.
const CERT_READING = {
  documentType: 'marriage',
  peopleIdentified: [
    { name: 'John Henry Whitfield', role: 'primary_subject' },
    { name: 'Thomas Whitfield', role: 'parent' },
    { name: 'Mary Ann Whitfield', role: 'parent' },
    { name: 'Sarah Elizabeth Cole', role: 'spouse' },
  ],
  personDetails: [
    { name: 'John Henry Whitfield', recordRole: 'groom' as const },
    { name: 'Thomas Whitfield', recordRole: 'father_of_groom' as const },
    { name: 'Mary Ann Whitfield', recordRole: 'mother_of_groom' as const },
    { name: 'Sarah Elizabeth Cole', recordRole: 'bride' as const },
  ],
  dateInfo: [
    { original: '2 March 1862', normalized: '1862-03-02', qualifier: 'exact' as const, year: 1862 },
    { original: '14 June 1887', normalized: '1887-06-14', qualifier: 'exact' as const, year: 1887 },
  ],
  geographicalInfo: [
    { name: 'Raleigh', kind: 'town' as const, countryCode: 'US', state: 'North Carolina' },
    { name: 'Wake County', kind: 'county' as const },
  ],
};
const BAPTISM_READING = {
  documentType: 'birth',
  peopleIdentified: [
    { name: 'John Whitfield', role: 'primary_subject' },
    { name: 'William Whitfield', role: 'parent' },
    { name: 'Ann Whitfield', role: 'parent' },
  ],
  personDetails: [
    { name: 'William Whitfield', recordRole: 'father' as const },
    { name: 'Ann Whitfield', recordRole: 'mother' as const },
  ],
  dateInfo: [{ original: '4 May 1834', normalized: '1834-05-04', qualifier: 'exact' as const, year: 1834 }],
  geographicalInfo: [{ name: 'Halifax', kind: 'town' as const, countryCode: 'GB', state: 'England' }],
};
const read = (p: LibraryPassage, reading: Partial<LibraryPassage>): LibraryPassage => ({ ...p, ...reading });
const PASSAGES = [
  read(
    passage(
      CERT,
      'marriage.png',
      2,
      'John Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born 2 March 1862 in Wake County.\nJohn Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh.',
    ),
    CERT_READING,
  ),
  read(
    passage(
      BAPTISM,
      'baptism-1834.txt',
      1,
      'John Whitfield, son of William Whitfield and Ann Whitfield, baptised 4 May 1834 at Halifax.',
    ),
    BAPTISM_READING,
  ),
  read(
    passage(CERT, 'marriage.png', 1, 'STATE OF NORTH CAROLINA. Certified copy of a record of marriage.'),
    CERT_READING,
  ),
];

/** Decision 0170: found pages as context documents, cited by page, and a search that never fails a question. */
describe('library retrieval in research', () => {
  it('groups passages by document, pages in order, sources in rank order', () => {
    const r = fromPassages(PASSAGES);
    expect(r.sources).toEqual([
      { documentId: CERT, originalName: 'marriage.png', pages: [2, 1] },
      { documentId: BAPTISM, originalName: 'baptism-1834.txt', pages: [1] },
    ]);
    expect(r.documents[0]).toMatchObject({ _id: CERT, retrieved: true, pages: [{ pageNumber: 1 }, { pageNumber: 2 }] });
  });

  it('carries the source citation of the best page into the sources (decision 0186)', () => {
    const citation =
      'Marriage certificate, John Henry Whitfield and Sarah Elizabeth Cole, 14 June 1887, Raleigh; digital image "marriage.png", p. 2, uploaded to GNology 24 November 2026.';
    const [first, ...rest] = PASSAGES;
    const r = fromPassages([
      { ...first!, citation },
      { ...rest[1]!, citation: citation.replace('p. 2', 'p. 1') },
      rest[0]!,
    ]);
    expect(r.sources[0]).toMatchObject({ documentId: CERT, pages: [2, 1], citation });
    expect(r.sources[1]).not.toHaveProperty('citation');
  });

  it('asks the viewer to highlight the name asked about where the page writes it in full', () => {
    const r = fromPassages(PASSAGES, 'Who were the parents of John Henry Whitfield?');
    expect(r.sources.map((s) => s.highlight)).toEqual(['John Henry Whitfield', undefined]);
    expect(
      fromPassages([...PASSAGES].reverse(), 'Who were the parents of John Henry Whitfield?').sources[0],
    ).toMatchObject({ documentId: CERT, pages: [1, 2] });
    expect(
      fromPassages([...PASSAGES].reverse(), 'Who were the parents of John Henry Whitfield?').sources[0]?.highlight,
    ).toBeUndefined();
  });

  it('marks a found document in the prompt and cites even a one-page one by its page', () => {
    const [, baptism] = fromPassages(PASSAGES).documents;
    const block = documentBlock(baptism!);
    expect(block).toContain('found="library search"');
    expect(block).toContain('[Page 1]');
    expect(documentsPreamble(2, 2)).toContain('The user selected no documents');
    // Issue 30, point 1: a selection is named first, then the search of the rest of the library.
    expect(documentsPreamble(3, 1)).toMatch(
      /^The user selected 2 documents for this request; they are given first, whole, .* Gene also searched the rest of the user's library for this question and found 1 document /,
    );
    expect(documentsPreamble(1)).toBe(
      'The user has selected 1 document for this request. Cite it by file name and page, linked to the viewer.',
    );
  });

  it('answers offline from found pages, keeping out a look-alike who is not named in full', () => {
    const answer = offlineAnswer({
      query: 'Who were the parents of John Henry Whitfield and when did he marry?',
      documents: fromPassages(PASSAGES).documents,
      requestType: 'regular',
    });
    const p2 = `[marriage.png, p. 2](/documents?view=${CERT}&page=2)`;
    expect(answer.split('\n')[0]).toBe(
      `John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield (${p2}); he married on 14 June 1887 in Raleigh (${p2}).`,
    );
    expect(answer).not.toContain('William Whitfield');
    // Found by its second page only: still cited by that page, not as page 1.
    const onlyPage2 = offlineAnswer({
      query: 'Who were the parents of John Henry Whitfield?',
      documents: fromPassages([PASSAGES[0]!]).documents,
      requestType: 'regular',
    });
    expect(onlyPage2.split('\n')[0]).toContain(p2);
    expect(answer).toContain('Found by searching your library');
    expect(answer.split('\n---\n')[0]).not.toContain('selected documents');
    // Asked by name, the citations ask the viewer to highlight it.
    const named = offlineAnswer({
      query: 'Who were the parents of John Henry Whitfield?',
      documents: fromPassages(PASSAGES, 'Who were the parents of John Henry Whitfield?').documents,
      requestType: 'regular',
    });
    expect(named.split('\n')[0]).toContain(
      `[marriage.png, p. 2](/documents?view=${CERT}&page=2&q=John%20Henry%20Whitfield)`,
    );
  });

  it('leaves out selected and dropped documents, and answers without the search when it fails', async () => {
    const calls: unknown[][] = [];
    const ok = {
      searchLibrary: async (...args: unknown[]) => {
        calls.push(args);
        return PASSAGES;
      },
    };
    const r = await retrieveFromLibrary(ok, {
      userId: 'u',
      query: 'Whitfield',
      selectedIds: [BAPTISM],
      excludeIds: [BAPTISM, CERT],
      requestType: 'regular',
    });
    expect(r.documents).toEqual([]);
    expect(calls[0]).toEqual(['u', 'Whitfield', 3, [BAPTISM, CERT]]);

    const errors: unknown[] = [];
    const failing = { searchLibrary: async () => Promise.reject(new Error('down')) };
    expect(
      await retrieveFromLibrary(failing, {
        userId: 'u',
        query: 'Whitfield',
        selectedIds: [],
        requestType: 'regular',
        onError: (e) => errors.push(e),
      }),
    ).toEqual({ documents: [], sources: [] });
    expect(errors).toHaveLength(1);
    expect(
      await retrieveFromLibrary(ok, { userId: 'u', query: 'continue', selectedIds: [], requestType: 'book' }),
    ).toEqual({ documents: [], sources: [] });
  });
});
