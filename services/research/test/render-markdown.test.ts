import { describe, expect, it } from 'vitest';
import { renderBook } from '../src/render';
import { renderMarkdown } from '../src/render/markdown';
import { manuscript } from './render-fixture';

describe('renderMarkdown', () => {
  const m = manuscript({ chapters: 2, entries: 2, filler: 0 });
  const md = renderMarkdown(m);

  it('has the title, the contents and each chapter as a heading', () => {
    expect(md.startsWith('# The Whitfield Family\n')).toBe(true);
    expect(md).toContain('## Contents');
    expect(md).toContain('- [Generation 1: The Whitfields of Wake County](#chapter-1)');
    expect(md).toContain('## Generation 2: Into the new century');
    expect(md).toContain('### Family group 1.1');
  });

  it('writes notes as [^n] footnotes defined once each', () => {
    expect(md).toContain('**John Henry Whitfield**, born 1858 at Raleigh, Wake, North Carolina,[^1] married');
    for (const n of m.notes) {
      expect(md.split(`[^${n.n}]:`).length - 1).toBe(1);
      expect(md).toContain(`[^${n.n}]`);
    }
    expect(md).toContain('[^4]: *How we know:* The marriage bond');
  });

  it('lists the indexes with links to the parts', () => {
    const names = md.slice(md.indexOf('## Index of names'), md.indexOf('## Index of places'));
    expect(names).toContain(
      '- Whitfield, Thomas (1830–1899) — [Introduction](#introduction), [Generation 2](#chapter-2)',
    );
    expect(names.indexOf('Barnes')).toBeLessThan(names.indexOf('Whitfield'));
    expect(md.slice(md.indexOf('## Index of places'))).toContain('- Kraków, Poland — [Generation 1](#chapter-1)');
  });

  it('escapes Markdown in the text', () => {
    const odd = renderMarkdown({
      ...m,
      introduction: [{ kind: 'paragraph', runs: [{ text: 'a *star* and [brackets] #1' }] }],
    });
    expect(odd).toContain('a \\*star\\* and \\[brackets\\] \\#1');
    const list = renderMarkdown({ ...m, introduction: [{ kind: 'paragraph', runs: [{ text: '1880. The census' }] }] });
    expect(list).toContain('\n1880\\. The census\n');
  });

  it('is what renderBook returns for md, as UTF-8', async () => {
    expect(new TextDecoder().decode(await renderBook(m, 'md'))).toBe(md);
  });
});
