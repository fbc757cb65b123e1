import { describe, expect, it } from 'vitest';
import { excerptHtml, headlineToHtml, HEADLINE_START, HEADLINE_STOP, tsQueryGroups } from '../src/domain/search';
import { fold, queryWords, vocabularyTerms } from '../src/domain/text';
import { cleanTitle, defaultTitle } from '../src/domain/titles';

describe('search text rules', () => {
  it('folds accents the way unaccent does', () => {
    expect(fold('Müller Straße Kraków Ærø')).toBe('muller strasse krakow aero');
  });

  it('keeps only letters and digits of a query, so nothing is tsquery syntax', () => {
    expect(queryWords("Schmidt's & | ! (farm) :* 1850")).toEqual(['schmidt', 's', 'farm', '1850']);
  });

  it('ORs alternatives within a word, one group a word', () => {
    expect(
      tsQueryGroups([
        { word: 'smith', alternatives: ['schmidt', 'smyth', 'smith', 'o-brien'] },
        { word: '1850', alternatives: [] },
      ]),
    ).toEqual(['(smith | schmidt | smyth)', '1850']);
  });

  it('collects capitalised words for the vocabulary', () => {
    expect(vocabularyTerms('Anna Müller met the McDonald family in Zürich; they were farmers.')).toEqual([
      'anna',
      'muller',
      'mcdonald',
      'zurich',
    ]);
  });

  it('turns ts_headline sentinels into <mark> after escaping everything else', () => {
    expect(headlineToHtml(`a <b> & ${HEADLINE_START}Smith${HEADLINE_STOP}`)).toBe(
      'a &lt;b&gt; &amp; <mark>Smith</mark>',
    );
  });

  it('marks matches in a cheap excerpt, accent-insensitively', () => {
    const html = excerptHtml('Records say that Anna Müller <married> in 1872.', ['muller']);
    expect(html).toBe('Records say that Anna <mark>Müller</mark> &lt;married&gt; in 1872.');
  });
});

describe('titles', () => {
  it('defaults to "Research Session" plus date and time', () => {
    expect(defaultTitle(new Date('2025-03-04T05:06:00Z'))).toBe('Research Session 2025-03-04 05:06');
  });
  it('refuses blank titles', () => {
    expect(cleanTitle('   ')).toBeNull();
    expect(cleanTitle('  A   b ')).toBe('A b');
  });
});
