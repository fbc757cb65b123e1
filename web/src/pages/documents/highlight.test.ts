import { describe, expect, it } from 'vitest';
import { findMatches, fold, matchRects, queryPhrases, tokens, type WordBox } from './highlight';

/** Words laid out on lines of a page, as OCR gives them (boxes are 0–1 of the page). */
function page(lines: string[]): WordBox[] {
  const out: WordBox[] = [];
  lines.forEach((line, row) => {
    let x = 0.1;
    for (const text of line.split(' ')) {
      const w = text.length * 0.01;
      out.push({ text, x, y: 0.1 + row * 0.03, w, h: 0.02 });
      x += w + 0.01;
    }
  });
  return out;
}

describe('highlight matching', () => {
  it('folds case, accents, ß and ligatures', () => {
    expect(fold('Müller')).toBe('muller');
    expect(fold('ZOË')).toBe('zoe');
    expect(fold('Straße')).toBe('strasse');
    expect(fold('ﬁeld')).toBe('field');
    expect(tokens('“Turner,” (1884)')).toEqual(['turner', '1884']);
  });

  it('reads a query as phrases: quoted, or between commas and semicolons', () => {
    expect(queryPhrases('Mary Ellen Turner')).toEqual([['mary', 'ellen', 'turner']]);
    expect(queryPhrases('Mary Turner, Boston; boston')).toEqual([['mary', 'turner'], ['boston']]);
    expect(queryPhrases('"Samuel Turner" Boston')).toEqual([['samuel', 'turner'], ['boston']]);
    expect(queryPhrases('  ,;  ')).toEqual([]);
  });

  it('finds a word whatever its case, accents and punctuation', () => {
    const words = page(['Witness: JOSÉ Müller, of the parish.', 'Signed jose muller']);
    expect(findMatches(words, 'Jose')).toEqual([[1], [7]]);
    expect(findMatches(words, 'MULLER')).toEqual([[2], [8]]);
    expect(findMatches(words, 'parish')).toEqual([[5]]);
    expect(findMatches(words, 'Smith')).toEqual([]);
    expect(findMatches([], 'Smith')).toEqual([]);
    expect(findMatches(words, '')).toEqual([]);
  });

  it('matches a phrase only as consecutive words, also across a line break', () => {
    const words = page(['Mary Ellen Turner wife of Samuel', 'Turner and Mary Turner']);
    expect(findMatches(words, 'Mary Ellen Turner')).toEqual([[0, 1, 2]]);
    expect(findMatches(words, 'Samuel Turner')).toEqual([[5, 6]]);
    // "Mary ... Turner" with a word between is not "Mary Turner"; the one without is.
    expect(findMatches(words, 'Mary Turner')).toEqual([[8, 9]]);
    expect(findMatches(words, 'Ellen Mary')).toEqual([]);
  });

  it('splits hyphenated words into their parts and joins a phrase inside one word', () => {
    const words = page(['Mary-Ellen Turner born', 'Boston']);
    expect(findMatches(words, 'Mary Ellen')).toEqual([[0]]);
    expect(findMatches(words, 'Ellen Turner')).toEqual([[0, 1]]);
    expect(findMatches(words, 'mary-ellen turner')).toEqual([[0, 1]]);
  });

  it('gives several phrases in reading order', () => {
    const words = page(['Boston 1884 Mary Turner of Boston']);
    expect(findMatches(words, 'Mary Turner, Boston')).toEqual([[0], [2, 3], [5]]);
  });

  it('merges a match into one box per line', () => {
    const words = page(['wife of Samuel', 'Turner of Boston']);
    const [match] = findMatches(words, 'Samuel Turner');
    const rects = matchRects(words, match!);
    expect(rects).toHaveLength(2);
    expect(rects[0]).toEqual({ x: words[2]!.x, y: words[2]!.y, w: words[2]!.w, h: 0.02 });
    expect(rects[1]!.y).toBeCloseTo(0.13);
    const one = matchRects(page(['Mary Ellen Turner']), [0, 1, 2]);
    expect(one).toHaveLength(1);
    expect(one[0]!.x).toBeCloseTo(0.1);
    expect(one[0]!.x + one[0]!.w).toBeCloseTo(0.1 + 0.04 + 0.01 + 0.05 + 0.01 + 0.06);
  });
});
