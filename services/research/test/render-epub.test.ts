import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Manuscript } from '../src/domain/manuscript';
import { renderBook } from '../src/render';
import { renderEpub } from '../src/render/epub';
import { CHAPTER_TITLES, manuscript } from './render-fixture';

const text = (files: Record<string, Uint8Array>, name: string) => strFromU8(files[name]!);

describe('renderEpub', () => {
  const m = manuscript({ chapters: 3, entries: 4, filler: 1 });
  const bytes = renderEpub(m);
  const files = unzipSync(bytes);

  it('starts the zip with the mimetype entry, stored and without extra fields', () => {
    const v = new DataView(bytes.buffer, bytes.byteOffset);
    expect(v.getUint32(0, true)).toBe(0x04034b50);
    expect(v.getUint16(8, true)).toBe(0); // stored
    const nameLength = v.getUint16(26, true);
    expect(v.getUint16(28, true)).toBe(0); // no extra field
    expect(strFromU8(bytes.subarray(30, 30 + nameLength))).toBe('mimetype');
    expect(strFromU8(bytes.subarray(30 + nameLength, 30 + nameLength + 20))).toBe('application/epub+zip');
  });

  it('lists every file in the package manifest and every manifest item in the zip', () => {
    expect(text(files, 'META-INF/container.xml')).toContain('full-path="EPUB/package.opf"');
    const opf = text(files, 'EPUB/package.opf');
    const hrefs = [...opf.matchAll(/<item [^>]*href="([^"]+)"/g)].map((h) => `EPUB/${h[1]}`);
    const inZip = Object.keys(files).filter(
      (f) => f !== 'mimetype' && !f.startsWith('META-INF/') && f !== 'EPUB/package.opf',
    );
    expect(hrefs.sort()).toEqual(inZip.sort());
    expect(opf).toContain('properties="nav"');
    expect(opf).toMatch(/<meta property="dcterms:modified">2026-11-27T10:00:00Z<\/meta>/);
    expect(opf).toMatch(/<dc:identifier id="bookid">urn:uuid:[0-9a-f-]{36}<\/dc:identifier>/);
    // One XHTML file a part, in reading order in the spine.
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((s) => s[1]);
    expect(spine).toEqual([
      'title',
      'nav',
      'introduction',
      'chapter-1',
      'chapter-2',
      'chapter-3',
      'conclusion',
      'notes',
      'index-names',
      'index-places',
    ]);
  });

  it('has a contents page listing each part', () => {
    const nav = text(files, 'EPUB/nav.xhtml');
    expect(nav).toContain('epub:type="toc"');
    for (const t of CHAPTER_TITLES.slice(0, 3)) expect(nav).toContain(t);
    expect(nav).toContain('<a href="chapter-2.xhtml">Generation 2: Into the new century</a>');
  });

  it('links each note marker to its note and each note back to where it is cited', () => {
    const all = Object.fromEntries(
      Object.keys(files)
        .filter((f) => f.endsWith('.xhtml'))
        .map((f) => [f.slice(5), text(files, f)]),
    );
    const notes = all['notes.xhtml']!;
    for (const n of m.notes) {
      const li = new RegExp(
        `<li id="note-${n.n}" value="${n.n}"><p>[^]*?<a href="([^"#]+)#(ref-${n.n})" role="doc-backlink"`,
      ).exec(notes);
      expect(li, `note ${n.n}`).not.toBeNull();
      expect(all[li![1]!]).toContain(`id="${li![2]}" href="notes.xhtml#note-${n.n}">${n.n}</a>`);
    }
    expect(notes).toContain('<em>How we know:</em> The marriage bond');
  });

  it('makes the index entries links to the first mention of the person or place in each part', () => {
    const names = text(files, 'EPUB/index-names.xhtml');
    const links = [...names.matchAll(/<a href="([^"#]+)#([^"]+)">/g)];
    expect(links.length).toBeGreaterThan(7);
    for (const [, file, id] of links) expect(text(files, `EPUB/${file}`)).toContain(`id="${id}"`);
    expect(names).toMatch(/Whitfield, Thomas \(1830–1899\) — <a href="introduction.xhtml#ix-\d+">Introduction<\/a>/);
    const places = text(files, 'EPUB/index-places.xhtml');
    expect(places).toMatch(/Hội An, Quảng Nam, Vietnam — <a href="chapter-1.xhtml#ix-\d+">Generation 1<\/a>/);
  });

  it('stores the photos and the chart, without the web page attributes SVG in EPUB does not allow', () => {
    const images = Object.keys(files).filter((f) => f.startsWith('EPUB/images/'));
    expect(images.filter((f) => f.endsWith('.jpg'))).toHaveLength(1);
    expect(images.filter((f) => f.endsWith('.png'))).toHaveLength(1);
    const svg = text(files, images.find((f) => f.endsWith('.svg'))!);
    expect(svg).toContain('<title id="chart-title">Pedigree of John Henry Whitfield</title>');
    expect(svg).not.toMatch(/data-|role=|aria-/);
    const linked: Manuscript = {
      ...m,
      chapters: [
        {
          title: 'Chart',
          blocks: [
            {
              kind: 'chart',
              title: 'Pedigree',
              svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><a class="chart-person" href="/people/p1"><rect width="5" height="5"/></a></svg>',
            },
          ],
        },
      ],
    };
    const out = unzipSync(renderEpub(linked));
    const drawn = text(out, Object.keys(out).find((f) => f.endsWith('.svg'))!);
    expect(drawn).toContain('<g class="chart-person"><rect width="5" height="5"/></g>');
    expect(drawn).not.toContain('href');
  });

  it('drops a note marker that points at no note (every link leads somewhere)', async () => {
    const base = manuscript({ chapters: 1, entries: 1, photos: false, chart: false });
    const dangling: Manuscript = {
      ...base,
      introduction: [{ kind: 'paragraph', runs: [{ text: 'Said so.', note: 99 }] }],
      notes: [],
      chapters: [{ title: 'One', blocks: [{ kind: 'paragraph', runs: [{ text: 'Plain.', note: 1 }] }] }],
    };
    const f = unzipSync(await renderBook(dangling, 'epub'));
    expect(f['EPUB/notes.xhtml']).toBeUndefined();
    expect(text(f, 'EPUB/introduction.xhtml')).toContain('<p>Said so.</p>');
    expect(text(f, 'EPUB/chapter-1.xhtml')).toContain('<p>Plain.</p>');
    expect(new TextDecoder().decode(await renderBook(dangling, 'md'))).not.toMatch(/\[\^\d+\]/);
    const twice: Manuscript = {
      ...dangling,
      notes: [
        { n: 1, text: 'First.', kind: 'source' },
        { n: 1, text: 'Again.', kind: 'source' },
      ],
    };
    const notes = text(unzipSync(await renderBook(twice, 'epub')), 'EPUB/notes.xhtml');
    expect(notes.split('id="note-1"').length - 1).toBe(1);
    expect(notes).not.toContain('Again.');
  });

  it('escapes markup and drops control characters from the text', () => {
    const odd: Manuscript = {
      ...manuscript({ chapters: 1, entries: 1, photos: false, chart: false }),
      title: 'Smith & Sons <1850>',
      introduction: [{ kind: 'paragraph', runs: [{ text: 'A tab\u0007 and <b>tags</b> & "quotes"' }] }],
    };
    const f = unzipSync(renderEpub(odd));
    expect(text(f, 'EPUB/package.opf')).toContain('<dc:title>Smith &amp; Sons &lt;1850&gt;</dc:title>');
    expect(text(f, 'EPUB/introduction.xhtml')).toContain(
      '<p>A tab and &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot;</p>',
    );
  });
});
