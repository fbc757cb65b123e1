import { describe, expect, it } from 'vitest';
import { HEADLINE_START, HEADLINE_STOP, headlineToHtml } from '../src/domain/search';
import { stripMarkdown } from '../src/domain/plain-text';

const flat = (s: string) => stripMarkdown(s).replace(/\s+/g, ' ').trim();

describe('search excerpts read as text, not Markdown (issue 13)', () => {
  it('drops headings, emphasis, code marks, bullets and quotes', () => {
    expect(
      flat(
        '## What the record shows\n\nJohann **Weber** was *baptised* on `3 May 1850`.\n\n- Census returns\n> a quote',
      ),
    ).toBe('What the record shows Johann Weber was baptised on 3 May 1850. Census returns a quote');
  });

  it('keeps the text of links and flattens tables', () => {
    expect(flat('See [FamilySearch](https://www.familysearch.org/search) next.')).toBe('See FamilySearch next.');
    expect(flat('| Year | Event |\n|---|:---:|\n| 1843 | Birth of Margaret |')).toBe(
      'Year · Event 1843 · Birth of Margaret',
    );
  });

  it('works on a fragment that starts mid-line and keeps the match marks', () => {
    const headline = `the ${HEADLINE_START}**Weber**${HEADLINE_STOP} family ## Next records`;
    expect(headlineToHtml(stripMarkdown(headline))).toBe('the <mark>Weber</mark> family Next records');
  });

  it('keeps the text of a link an excerpt cut at either edge, and never its address (issue 30, point 3)', () => {
    expect(flat('p. 1](/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&q=Thomas%20Whitfield)). His father')).toBe(
      'p. 1). His father',
    );
    expect(flat('baptised (see [baptism.txt, p. 1](/documents?view=65f0a1b2c3d4e5f6a7')).toBe(
      'baptised (see baptism.txt, p. 1',
    );
    expect(flat('baptised (see [baptism.txt, p.')).toBe('baptised (see baptism.txt, p.');
    // Brackets that are not links stay.
    expect(flat('Whitfield [sic] (1850)')).toBe('Whitfield [sic] (1850)');
  });

  it('leaves plain prose and dates alone', () => {
    const prose = 'Thomas Whitfield and Mary Ann Whitfield; 14 June 1887, Raleigh - a note (see page 2).';
    expect(stripMarkdown(prose)).toBe(prose);
  });
});
