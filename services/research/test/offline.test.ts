import { describe, expect, it } from 'vitest';
import {
  advanceProject,
  DEFAULT_OUTLINE,
  nextBookContext,
  planContext,
  type ProjectState,
  summarise,
  titleFromPlan,
} from '../src/domain/book';
import { OFFLINE_NOTE, offlineAnswer } from '../src/domain/offline/answer';
import { trimHistory } from '../src/domain/prompt';
import type { ContextDocument } from '../src/domain/model';
import { storedDocument } from './support/read-records';

// Issue 28: each document as research receives it, with the extraction the documents service stored.
const baptism: ContextDocument = storedDocument(
  '65f0a1b2c3d4e5f6a7b8c9d0',
  'kassel-baptisms.txt',
  'Johann Weber was born 1 May 1850 in Kassel. He was baptised at St Martin on 3 May 1850. His father Heinrich Weber was a miller.',
  {
    documentType: 'birth',
    peopleIdentified: [
      { name: 'Johann Weber', role: 'primary_subject' },
      { name: 'Heinrich Weber', role: 'parent' },
    ],
    personDetails: [{ name: 'Heinrich Weber', recordRole: 'father' }],
    dateInfo: [
      { original: '1 May 1850', normalized: '1850-05-01', qualifier: 'exact', year: 1850 },
      { original: '3 May 1850', normalized: '1850-05-03', qualifier: 'exact', year: 1850 },
    ],
    geographicalInfo: [
      { name: 'Kassel', kind: 'town', countryCode: 'DE', state: 'Hesse' },
      { name: 'Hesse', kind: 'state', countryCode: 'DE' },
    ],
    occupations: ['miller'],
    tags: [],
  },
);
const census: ContextDocument = storedDocument(
  '65f0a1b2c3d4e5f6a7b8c9d1',
  'ohio-census-1880.pdf',
  'Johann Weber, farmer, born 1852 in Germany, lived in Canton, Ohio in 1880. He emigrated in 1872 aboard the Hansa.',
  {
    documentType: 'census',
    peopleIdentified: [{ name: 'Johann Weber', role: 'primary_subject' }],
    personDetails: [{ name: 'Johann Weber', recordRole: 'head' }],
    dateInfo: [
      { original: '1852', normalized: '1852', qualifier: 'exact', year: 1852 },
      { original: '1880', normalized: '1880', qualifier: 'exact', year: 1880 },
      { original: '1872', normalized: '1872', qualifier: 'exact', year: 1872 },
    ],
    geographicalInfo: [
      { name: 'Canton', kind: 'town', countryCode: 'US', state: 'Ohio' },
      { name: 'Germany', kind: 'country', countryCode: 'DE' },
    ],
    occupations: ['farmer'],
    tags: [],
  },
);

describe('offline engine', () => {
  it('says in the user’s terms what Gene can do offline, after the answer, and no operator advice', () => {
    for (const documents of [[], [baptism]]) {
      const answer = offlineAnswer({ query: 'Hello', documents, requestType: 'regular' });
      expect(answer.trimEnd().endsWith(OFFLINE_NOTE)).toBe(true);
      expect(answer).not.toMatch(/administrator|configure/i);
    }
    expect(OFFLINE_NOTE).toContain('it reads your selected documents and answers from what they say, with sources');
  });

  it('lists facts with the document each comes from', () => {
    const answer = offlineAnswer({
      query: 'When was Johann Weber baptised?',
      documents: [baptism],
      requestType: 'regular',
    });
    expect(
      answer.startsWith(
        'Johann Weber was baptised on 3 May 1850 in Kassel ([kassel-baptisms.txt](/documents?view=65f0a1b2c3d4e5f6a7b8c9d0)).',
      ),
    ).toBe(true);
    expect(answer).toContain(
      '- "He was baptised at St Martin on 3 May 1850." ([kassel-baptisms.txt](/documents?view=65f0a1b2c3d4e5f6a7b8c9d0))',
    );
    expect(answer).toContain('**Heinrich Weber** (parent)');
  });

  it('builds a timeline and states the conflicting birth years the index finds, naming both documents', () => {
    const answer = offlineAnswer({ query: 'Johann Weber', documents: [baptism, census], requestType: 'regular' });
    expect(answer).toContain('## Timeline');
    const rows = [...answer.matchAll(/^\| (\d[^|]*) \|/gm)].map((m) => m[1]!);
    expect(rows.length).toBeGreaterThan(1);
    expect(answer).toMatch(/\| 1 May 1850 \| Birth \| Johann Weber \|/);
    expect(answer).toMatch(
      /⚠️ Johann Weber's birth year differs: .*kassel-baptisms\.txt.*ohio-census-1880\.pdf.*\(\[kassel-baptisms\.txt\]/,
    );
  });

  it('suggests next records for the place and the period: a German baptism of 1850 in the church books', () => {
    const answer = offlineAnswer({ query: 'What next?', documents: [baptism], requestType: 'regular' });
    expect(answer).toMatch(/## Records to search next\n- \*\*Kassel, Hesse\*\* \(1850\):/);
    expect(answer).toContain('church books (Kirchenbücher)');
  });

  it('answers chapter and book requests with a grounded outline', () => {
    const book = offlineAnswer({ query: 'Write the book', documents: [baptism, census], requestType: 'book' });
    expect(book).toContain('## Title options');
    expect(book).toContain('The Weber Story');
    expect(book).toMatch(/Chapter outline/);
    // Nothing matches "Write the book": the sentences that date something are quoted.
    expect(book).toContain('- "He was baptised at St Martin on 3 May 1850."');
    expect(book).toMatch(/\*\*Johann Weber\*\* — .*baptism 3 May 1850 \(kassel-baptisms.txt\)/);
    const chapter = offlineAnswer({ query: 'Write a chapter', documents: [baptism], requestType: 'chapter' });
    expect(chapter).not.toContain('## Title options');
    expect(chapter).toMatch(/Chapter outline/);
  });

  it('is deterministic (a resumed generation can skip what it already wrote)', () => {
    const a = offlineAnswer({ query: 'Q', documents: [census, baptism], requestType: 'chapter' });
    const b = offlineAnswer({ query: 'Q', documents: [baptism, census], requestType: 'chapter' });
    expect(a).toBe(b);
  });
});

describe('book projects', () => {
  it('walks the tutorial plan part by part and resumes a cut-off part from its tail', () => {
    const plan = planContext('Family History Book');
    let state: ProjectState = {
      title: 'Family History Book',
      outline: DEFAULT_OUTLINE,
      sections: [],
      currentSection: 0,
      resume: false,
      tail: '',
    };
    state = advanceProject(state, plan, '1. *The Weber Story*\n2. *Roots*\n3. *Ohio*', true);
    expect(state.title).toBe('The Weber Story');
    const first = nextBookContext(state)!;
    expect(first.section).toEqual({ index: 0, title: 'Table of contents and introduction', resume: false });
    state = advanceProject(
      state,
      first,
      'Introduction\n\nThe Webers farmed near Kassel for three generations before Johann left. He was',
      false,
    );
    const again = nextBookContext(state)!;
    expect(again.section).toMatchObject({ index: 0, resume: true });
    expect(again.tail.endsWith('He was')).toBe(true);
    state = advanceProject(state, again, ' nineteen when he sailed.', true);
    expect(nextBookContext(state)!.section).toMatchObject({ index: 1, title: 'Chapters 1-3', resume: false });
    expect(state.sections).toHaveLength(1);
    expect(state.sections[0]!.summary).toMatch(/farmed near Kassel/);
  });

  it('summarises extractively and reads a plan’s first title', () => {
    expect(
      summarise(
        '# Chapter 1\n\nThe family came from Hesse in the 1850s and settled by the river. More text follows.\n\nA second paragraph that is long enough to count here. And more.',
      ),
    ).toBe(
      'The family came from Hesse in the 1850s and settled by the river. A second paragraph that is long enough to count here. And more.',
    );
    expect(titleFromPlan('Options:\n1. "From Kassel to Canton"\n2. x')).toBe('From Kassel to Canton');
  });
});

describe('history trimming', () => {
  it('keeps the newest turns that fit and starts with a user turn', () => {
    const turns = [
      { role: 'user' as const, content: 'a'.repeat(700) },
      { role: 'assistant' as const, content: 'b'.repeat(700) },
      { role: 'user' as const, content: 'c'.repeat(70) },
      { role: 'assistant' as const, content: 'd'.repeat(70) },
    ];
    const kept = trimHistory(turns, 250);
    expect(kept.map((t) => t.content[0])).toEqual(['c', 'd']);
  });
});
