import { describe, expect, it } from 'vitest';
import { OBITUARY, SULLIVAN_OBITUARY, WHITFIELD_CERTIFICATE } from '../../documents/test/fixtures/texts';
import { citation, viewerHref } from '../src/domain/cite';
import { offlineAnswer } from '../src/domain/offline/answer';
import { readQuestion } from '../src/domain/offline/question';
import { passagesOf } from '../src/domain/offline/quotes';
import { documentBlock, GENE_SYSTEM_PROMPT } from '../src/domain/prompt';
import { logProviderChoice, NO_MODEL_LOG } from '../src/providers/select';
import { OfflineProvider } from '../src/providers/offline';
import type { ContextDocument } from '../src/domain/model';
import { storedDocument } from './support/read-records';
import { OLD_READINGS } from './support/stored-fixtures';

// Issue 13, "Gene's answers": the offline engine answers the question's form first, with sources;
// issue 28: from the documents' stored extraction (here as a correct reading stores it), never from
// a reading of its own.
const whitfield = storedDocument(
  '65f0a1b2c3d4e5f6a7b8c9e1',
  'whitfield-certificate.pdf',
  WHITFIELD_CERTIFICATE,
  OLD_READINGS.whitfield,
);
const sullivan = storedDocument(
  '65f0a1b2c3d4e5f6a7b8c9e2',
  'sullivan-obituary.txt',
  SULLIVAN_OBITUARY,
  OLD_READINGS.sullivan,
);
const turner = storedDocument('65f0a1b2c3d4e5f6a7b8c9e3', 'turner_obituary [scan].png', OBITUARY, OLD_READINGS.turner);
const WHITFIELD_P2 = '[whitfield-certificate.pdf, p. 2](/documents?view=65f0a1b2c3d4e5f6a7b8c9e1&page=2)';
const ask = (query: string, documents: ContextDocument[] = [whitfield, sullivan, turner]) =>
  offlineAnswer({ query, documents, requestType: 'regular' });

describe('question forms', () => {
  it('reads each clause on its own: parents, and when he married', () => {
    expect(readQuestion('Who were the parents of John Henry Whitfield and when did he marry?')).toEqual({
      names: ['John Henry Whitfield'],
      parents: true,
      spouse: false,
      children: false,
      events: [{ kind: 'marriage', when: true, where: false }],
      who: false,
    });
  });

  it('tells where from when, spouse from marriage date, children, and a plain "who was"', () => {
    expect(readQuestion('Where was Margaret Byrne born?').events).toEqual([
      { kind: 'birth', when: false, where: true },
    ]);
    expect(readQuestion('When and where did Mary Ellen Turner die?').events).toEqual([
      { kind: 'death', when: true, where: true },
    ]);
    const spouse = readQuestion('Who did Henry Clay Brooks marry?');
    expect(spouse).toMatchObject({ names: ['Henry Clay Brooks'], spouse: true, events: [] });
    expect(readQuestion('Who were her children?')).toMatchObject({ names: [], children: true, parents: false });
    expect(readQuestion('Who was Michael Sullivan?')).toMatchObject({ names: ['Michael Sullivan'], who: true });
    expect(readQuestion('Hello')).toMatchObject({ names: [], who: false, events: [] });
  });
});

describe('the direct answer', () => {
  it('leads with the parents and the marriage, each with its file and page', () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?');
    expect(answer.split('\n')[0]).toBe(
      `John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield (${WHITFIELD_P2}); he married on 14 June 1887 in Raleigh (${WHITFIELD_P2}).`,
    );
  });

  it('answers where, whom and who, and says what the reading found nothing of rather than that the records are silent', () => {
    // Issue 28: her birth is in the obituary's text, not in its stored extraction; the sentence is quoted.
    const margaret = ask('Where was Margaret Byrne born?');
    expect(margaret.split('\n')[0]).toBe("The reading of these documents found no place of Margaret Byrne's birth.");
    expect(margaret).toContain('"Michael Sullivan married Margaret Byrne, who was born in County Cork in 1843."');
    expect(ask('Who did John Henry Whitfield marry?').split('\n')[0]).toBe(
      `John Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh (${WHITFIELD_P2}).`,
    );
    expect(ask('When did John Henry Whitfield die, and who were his children?').split('\n')[0]).toBe(
      "The reading of these documents found no date of John Henry Whitfield's death; the reading of these documents found none of his children.",
    );
    expect(ask('When did Charles Dickens die?').split('\n')[0]).toBe(
      'The selected documents do not mention Charles Dickens.',
    );
    expect(ask('Who were Mary Ellen Turner’s children?').split('\n')[0]).toMatch(
      /^Mary Ellen Turner's children named in the records are William Turner and George Turner \(\[turner\\_obituary \\\[scan\\\]\.png\]/,
    );
  });

  it('lists a child the extraction gives as a child, never as a parent', () => {
    const text =
      'John Henry Whitfield died at his home in Raleigh on 5 February 1931.\nHe was born in 1859 in Wake County, the son of Thomas Whitfield and Mary Ann Whitfield.\nHe is survived by his wife, Sarah E. Whitfield, and a son, Robert Whitfield.';
    const obituary = storedDocument('65f0a1b2c3d4e5f6a7b8c9e4', 'whitfield-obituary.docx', text, {
      documentType: 'obituary',
      peopleIdentified: [
        { name: 'John Henry Whitfield', role: 'primary_subject' },
        { name: 'Thomas Whitfield', role: 'parent' },
        { name: 'Mary Ann Whitfield', role: 'parent' },
        { name: 'Sarah E. Whitfield', role: 'spouse' },
        { name: 'Robert Whitfield', role: 'child' },
      ],
      personDetails: [{ name: 'John Henry Whitfield', recordRole: 'deceased' }],
      dateInfo: [{ original: '5 February 1931', normalized: '1931-02-05', qualifier: 'exact', year: 1931 }],
      geographicalInfo: [{ name: 'Raleigh', kind: 'town', countryCode: 'US', state: 'North Carolina' }],
      occupations: [],
      tags: [],
    });
    const lead = ask('Who were the parents of John Henry Whitfield?', [obituary]).split('\n')[0]!;
    expect(lead).toContain("John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield");
    expect(lead).not.toContain('Robert');
    expect(ask('Who were the children of John Henry Whitfield?', [obituary]).split('\n')[0]).toContain(
      'Robert Whitfield',
    );
  });

  it('reports two readings of one event instead of choosing', () => {
    const later = storedDocument(
      '65f0a1b2c3d4e5f6a7b8c9e4',
      'family-bible.txt',
      'John Henry Whitfield was born in 1863.',
      {
        documentType: 'other',
        peopleIdentified: [{ name: 'John Henry Whitfield', role: 'primary_subject' }],
        dateInfo: [{ original: '1863', normalized: '1863', qualifier: 'exact', year: 1863 }],
        geographicalInfo: [],
        occupations: [],
        tags: [],
      },
    );
    expect(ask('When was John Henry Whitfield born?', [whitfield, later]).split('\n')[0]).toBe(
      `The records disagree on when John Henry Whitfield was born: 2 March 1862 (${WHITFIELD_P2}) or 1863 ([family-bible.txt](/documents?view=65f0a1b2c3d4e5f6a7b8c9e4)).`,
    );
  });
});

describe('relevance and quoting', () => {
  it('quotes a sentence a PDF wrapped over two lines as one, and keeps table rows apart', () => {
    const wrapped: ContextDocument = {
      _id: '65f0a1b2c3d4e5f6a7b8c9e6',
      originalName: 'wrapped.pdf',
      extractedText:
        'CERTIFICATE OF BIRTH\nJohn Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born 2\nMarch 1862 in Wake County.\n\nSmith, John | Head | 45 | Farmer | Ireland\nSmith, Mary | Wife | 40 | Keeping house | Germany',
    };
    expect(passagesOf(wrapped).map((p) => p.text)).toEqual([
      'CERTIFICATE OF BIRTH',
      'John Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born 2 March 1862 in Wake County.',
      'Smith, John | Head | 45 | Farmer | Ireland',
      'Smith, Mary | Wife | 40 | Keeping house | Germany',
    ]);
  });

  it('keeps an unrelated selected document out of an answer about the Whitfields', () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?');
    for (const other of ['Sullivan', 'Byrne', 'Turner', 'Hale', 'Boston', 'Roanoke'])
      expect(answer).not.toContain(other);
    expect(answer).toContain(`| 2 March 1862 | Birth | John Henry Whitfield | — | ${WHITFIELD_P2} |`);
    expect(answer).toContain('- **Sarah Elizabeth Cole** (spouse)');
  });

  it('quotes no sentence twice, even when the same record is selected twice', () => {
    const copy: ContextDocument = { ...whitfield, _id: '65f0a1b2c3d4e5f6a7b8c9e5', originalName: 'whitfield-copy.pdf' };
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?', [whitfield, copy]);
    const quoted = [...answer.matchAll(/^- "(.+)"/gm)].map((m) => m[1]);
    expect(quoted.length).toBeGreaterThan(1);
    expect(new Set(quoted).size).toBe(quoted.length);
    expect(answer).toContain(
      `- "John Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh." (${WHITFIELD_P2}; [whitfield-copy.pdf, p. 2]`,
    );
  });
});

describe('citations', () => {
  it('name the file and page and link to the viewer', () => {
    expect(viewerHref('65f0a1b2c3d4e5f6a7b8c9e1', 2)).toBe('/documents?view=65f0a1b2c3d4e5f6a7b8c9e1&page=2');
    expect(citation({ _id: '65f0a1b2c3d4e5f6a7b8c9e1', originalName: 'census-1880.pdf' }, 2)).toBe(
      '[census-1880.pdf, p. 2](/documents?view=65f0a1b2c3d4e5f6a7b8c9e1&page=2)',
    );
    expect(citation({ _id: '65f0a1b2c3d4e5f6a7b8c9e1', originalName: 'notes_[draft]*.txt' })).toBe(
      '[notes\\_\\[draft\\]\\*.txt](/documents?view=65f0a1b2c3d4e5f6a7b8c9e1)',
    );
  });

  it('never print a bare document id', () => {
    const answer = ask('Who were the parents of John Henry Whitfield and when did he marry?');
    expect(answer.replace(/\(\/documents\?view=[0-9a-f]{24}(&page=\d+)?\)/g, '')).not.toMatch(/[0-9a-f]{24}/);
  });
});

describe('a model is given the same citations', () => {
  it('asks for file-and-page links to the viewer, and gives each document its link and page markers', () => {
    expect(GENE_SYSTEM_PROMPT).toContain(
      '[parish-register.pdf, p. 2](/documents?view=65f1c2a9e4b0a1b2c3d4e5f6&page=2)',
    );
    expect(GENE_SYSTEM_PROMPT).toContain('Never write a bare document id');
    const block = documentBlock(whitfield);
    expect(block.split('\n')[0]).toBe(
      '<document name="whitfield-certificate.pdf" id="65f0a1b2c3d4e5f6a7b8c9e1" link="/documents?view=65f0a1b2c3d4e5f6a7b8c9e1" pages="2" type="marriage">',
    );
    expect(block).toMatch(/\[Page 1\]\nSTATE OF NORTH CAROLINA[\s\S]*\[Page 2\]\nCERTIFICATE OF MARRIAGE/);
    expect(documentBlock(sullivan)).not.toContain('[Page');
  });
});

describe('the operator hint', () => {
  it('is logged at start when no model is configured, and never shown to users', () => {
    const lines: { level: string; msg: string }[] = [];
    const logger = {
      info: (_: object, msg: string) => lines.push({ level: 'info', msg }),
      warn: (_: object, msg: string) => lines.push({ level: 'warn', msg }),
    };
    logProviderChoice(new OfflineProvider(), logger);
    expect(lines).toEqual([{ level: 'warn', msg: NO_MODEL_LOG }]);
    expect(NO_MODEL_LOG).toContain('ANTHROPIC_API_KEY');
    expect(ask('Who was John Henry Whitfield?')).not.toMatch(/ANTHROPIC|administrator|configure/);
  });
});
