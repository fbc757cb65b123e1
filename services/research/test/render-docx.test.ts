import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocx } from '../src/render/docx';
import { CHAPTER_TITLES, manuscript } from './render-fixture';

describe('renderDocx', () => {
  const m = manuscript({ chapters: 3, entries: 4, filler: 1 });
  let bytes: Uint8Array;
  let html: string;

  beforeAll(async () => {
    bytes = await renderDocx(m);
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  }, 30_000);

  it('is a Word document mammoth reads, with the chapters as Heading 1 and their text', () => {
    expect(html).toContain('The Whitfield Family');
    for (const title of CHAPTER_TITLES.slice(0, 3))
      expect(html).toMatch(new RegExp(`<h1>(?:<a id="[^"]*"></a>)*${title}</h1>`));
    expect(html).toContain('<h2>Family group 1.1</h2>');
    expect(html).toContain('<strong>John Henry Whitfield</strong>, born 1858 at');
    expect(html).toContain('<em>Church of St Mary</em>');
    expect(html).toContain('Văn An Nguyễn');
  });

  it('keeps every note as a real endnote referenced from the text', () => {
    for (const n of m.notes) {
      expect(html).toContain(`href="#endnote-${n.n}" id="endnote-ref-${n.n}"`);
      const note = new RegExp(`<li id="endnote-${n.n}"><p>(?:<em>How we know: </em>)?([^<]*)`).exec(html);
      expect(note?.[1], `note ${n.n}`).toContain(n.text.replace(/&/g, '&amp;').slice(0, 40));
    }
    expect(html).toMatch(/<li id="endnote-4"><p><em>How we know: <\/em>The marriage bond/);
  });

  it('embeds the photos and the chart as pictures', () => {
    const files = unzipSync(bytes);
    const media = Object.keys(files).filter((f) => f.startsWith('word/media/'));
    expect(media.some((f) => f.endsWith('.jpg') || f.endsWith('.jpeg'))).toBe(true);
    expect(media.some((f) => f.endsWith('.png'))).toBe(true);
    expect(media.some((f) => f.endsWith('.svg'))).toBe(true);
    expect(html).toMatch(/<img alt="Sarah Elizabeth Barnes and Văn An Nguyễn, about 1890\."/);
  });

  it('sets the sections to the trim with each part on a right-hand page', () => {
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    const sizes = [...xml.matchAll(/<w:pgSz w:w="(\d+)" w:h="(\d+)"/g)].map((s) => [Number(s[1]), Number(s[2])]);
    expect(sizes.length).toBeGreaterThan(3);
    for (const s of sizes) expect(s).toEqual([8640, 12960]);
    expect(xml).toContain('w:val="oddPage"');
  });

  it('lists names and places in indexes linked to their first mention in each part', () => {
    const names = html.slice(html.indexOf('Index of names</h1>'), html.indexOf('Index of places</h1>'));
    expect(names).toMatch(
      /Whitfield, Thomas \(1830–1899\) — <a href="#(ix_\d+)">Introduction<\/a>, <a href="#ix_\d+">Generation 1<\/a>/,
    );
    const anchor = /Whitfield, Thomas \(1830–1899\) — <a href="#(ix_\d+)">/.exec(names)![1]!;
    expect(html).toContain(`<a id="${anchor}"></a>Thomas Whitfield`);
    const places = html.slice(html.indexOf('Index of places</h1>'));
    expect(places).toMatch(/Raleigh, Wake, North Carolina — <a href="#ix_\d+">Introduction<\/a>/);
  });

  it('uses A4 pages when the trim asks for them', async () => {
    const a4 = await renderDocx(manuscript({ chapters: 1, entries: 1, trim: 'a4' }));
    const xml = new TextDecoder().decode(unzipSync(a4)['word/document.xml']);
    expect(xml).toMatch(/<w:pgSz w:w="1190\d" w:h="168\d\d"/);
  });
});
