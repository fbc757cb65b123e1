import { describe, expect, it } from 'vitest';
import { exportContent } from './exporters';

const source = (content: string) => ({
  content,
  timestamp: '2026-03-14T10:00:00.000Z',
  requestType: 'regular',
  conversationTitle: 'Weber baptism',
});

/** The body of the TXT export, after its two heading lines. */
const txtBody = (content: string) => exportContent(source(content), 'txt').text.split('\n').slice(3).join('\n');

describe('TXT export of an answer', () => {
  it('writes a table as aligned rows, each column padded to its widest cell (issue 30, point 4)', () => {
    const answer = [
      'The register gives:',
      '',
      '| Year | Event | Place |',
      '|---|---|---:|',
      '| 1850 | Baptism of **Johann Weber** | [St Martin](/documents?view=65f0a1b2c3d4e5f6a7b8c9d0&page=1) |',
      '| 1874 | Marriage | Kassel |',
      '',
      'Next, the census.',
    ].join('\n');
    expect(txtBody(answer)).toBe(
      [
        'The register gives:',
        '',
        'Year  Event                        Place',
        '----  -----------------------  ---------',
        '1850  Baptism of Johann Weber  St Martin',
        '1874  Marriage                    Kassel',
        '',
        'Next, the census.',
        '',
      ].join('\n'),
    );
  });

  it('keeps headings, paragraphs and list items on their own lines, without Markdown marks', () => {
    const answer = [
      '## What the record shows',
      '',
      'Johann **Weber** was *baptised* on `3 May 1850` &amp; confirmed in 1864.',
      '',
      '- Census returns',
      '- Church books',
      '',
      '1. Write to Kassel',
      '2. Ask for the register',
    ].join('\n');
    expect(txtBody(answer)).toBe(
      [
        'What the record shows',
        '',
        'Johann Weber was baptised on 3 May 1850 & confirmed in 1864.',
        '',
        '- Census returns',
        '- Church books',
        '',
        '1. Write to Kassel',
        '2. Ask for the register',
        '',
      ].join('\n'),
    );
  });

  it('heads the file with the conversation and the time of the answer', () => {
    const { text, type, ext } = exportContent(source('Hello.'), 'txt');
    expect(text.startsWith("Weber baptism\nGene's answer, ")).toBe(true);
    expect(text.endsWith('\n\nHello.\n')).toBe(true);
    expect(type).toBe('text/plain;charset=utf-8');
    expect(ext).toBe('txt');
  });
});
