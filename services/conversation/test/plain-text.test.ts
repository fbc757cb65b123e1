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

  it('leaves plain prose and dates alone', () => {
    const prose = 'Thomas Whitfield and Mary Ann Whitfield; 14 June 1887, Raleigh - a note (see page 2).';
    expect(stripMarkdown(prose)).toBe(prose);
  });
});
