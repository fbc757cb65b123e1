import { describe, expect, it } from 'vitest';
import { bookFileName, chaptersLine, compiledLine, compiling, percent } from './bookFormat';
import { toSummary } from './booksApi';

describe('book screens: words and numbers', () => {
  it('names a download after the title, without characters file systems refuse', () => {
    expect(bookFileName('The Whitfields of Raleigh', 'pdf')).toBe('The Whitfields of Raleigh.pdf');
    expect(bookFileName('Smith / Jones: "1850–1900"?', 'epub')).toBe('Smith Jones 1850–1900.epub');
    expect(bookFileName('  \t ', 'md')).toBe('Family history.md');
  });

  it('polls only while a compile is queued or running', () => {
    expect(['none', 'queued', 'running', 'done', 'failed'].filter(compiling)).toEqual(['queued', 'running']);
  });

  it('shows progress as a whole percentage within 0..100', () => {
    expect(percent(0.456)).toBe(46);
    expect(percent(-1)).toBe(0);
    expect(percent(3)).toBe(100);
    expect(percent(Number.NaN)).toBe(0);
  });

  it('counts chapters in words', () => {
    expect(chaptersLine(0, 0)).toBe('No chapters yet');
    expect(chaptersLine(1, 1)).toBe('1 of 1 chapter written');
    expect(chaptersLine(2, 6)).toBe('2 of 6 chapters written');
    expect(compiledLine(null)).toBe('Not compiled yet');
    expect(compiledLine('not a date')).toBe('Not compiled yet');
    expect(compiledLine('2026-03-14T10:00:00Z')).toMatch(/^Compiled .*2026/);
  });

  it('reads a list row from a whole book or from a summary', () => {
    expect(
      toSummary({
        id: 'b1',
        title: 'T',
        chapters: [{ status: 'written' }, { status: 'edited' }, { status: 'empty' }, { status: 'failed' }],
        compile: { compiledAt: '2026-03-14T10:00:00Z' },
        updatedAt: '2026-03-14T09:00:00Z',
      }),
    ).toEqual({
      id: 'b1',
      title: 'T',
      chaptersWritten: 2,
      chapterCount: 4,
      compiledAt: '2026-03-14T10:00:00Z',
      updatedAt: '2026-03-14T09:00:00Z',
    });
    // The service's list row (decision 0233): counts, and the compile without the chapters.
    expect(
      toSummary({ id: 'b3', title: 'V', writtenCount: 2, chapterCount: 5, compile: { compiledAt: null } }),
    ).toMatchObject({ chaptersWritten: 2, chapterCount: 5, compiledAt: null });
    expect(toSummary({ id: 'b2', title: 'U', chaptersWritten: 1, chapterCount: 3 })).toEqual({
      id: 'b2',
      title: 'U',
      chaptersWritten: 1,
      chapterCount: 3,
      compiledAt: null,
      updatedAt: null,
    });
  });
});
