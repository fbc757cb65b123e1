import { createHash } from 'node:crypto';
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Block, Manuscript, Run } from '../domain/manuscript';
import { readableImage } from './image-check';
import { BookIndex, compiledLine, contentKey, fullTitle, indexName, type Part, parts } from './sections';
import { xmlText as x } from './xml';

/**
 * The book as EPUB 3: one XHTML file per part, the notes with links back to where they are cited,
 * the photos and the chart as images, and indexes whose entries link to the parts naming each
 * person or place. Zipped with the `mimetype` entry first and stored, as the OCF container asks.
 */
export function renderEpub(m: Manuscript): Uint8Array {
  const all = parts(m);
  const index = new BookIndex<string>();
  const files: { href: string; id: string; mime: string; data: Uint8Array; props?: string; spine?: boolean }[] = [];
  const images = new Map<string, string>();
  const cited = new Map<number, string>(); // note number → where it is first cited
  let anchors = 0;
  const firstAnchor = new Map<string, string>(); // "file|person:id" → anchor id

  const addImage = (bytes: Uint8Array, mime: string, name: string): string => {
    const key = contentKey(bytes);
    let href = images.get(key);
    if (!href) {
      href = `images/${name}`;
      images.set(key, href);
      files.push({ href, id: `img-${images.size}`, mime, data: bytes });
    }
    return href;
  };

  const runs = (rs: Run[], file: string): string =>
    rs
      .map((r) => {
        let t = x(r.text);
        if (r.italic) t = `<em>${t}</em>`;
        if (r.bold) t = `<strong>${t}</strong>`;
        const keys = [r.person ? `person:${r.person.id}` : '', r.place ? `place:${r.place.trim()}` : ''].filter(
          Boolean,
        );
        if (keys.length) {
          index.note(r, file);
          // One anchor per person or place per file: the index links to the first mention.
          const fresh = keys.filter((k) => !firstAnchor.has(`${file}|${k}`));
          if (fresh.length) {
            const id = `ix-${++anchors}`;
            for (const k of fresh) firstAnchor.set(`${file}|${k}`, id);
            t = `<span id="${id}">${t}</span>`;
          }
        }
        if (r.note !== undefined) {
          const first = !cited.has(r.note);
          const id = `ref-${r.note}`;
          if (first) cited.set(r.note, `${file}#${id}`);
          t += `<sup><a epub:type="noteref" role="doc-noteref"${first ? ` id="${id}"` : ''} href="notes.xhtml#note-${r.note}">${r.note}</a></sup>`;
        }
        return t;
      })
      .join('');

  const block = (b: Block, file: string, n: number): string => {
    switch (b.kind) {
      case 'heading':
        return `<h2>${x(b.text)}</h2>`;
      case 'paragraph':
        return `<p>${runs(b.runs, file)}</p>`;
      case 'photo': {
        // A damaged photo is left out (EPUBCheck refuses it); its caption stays.
        if (!readableImage(b.image, b.mime)) return `<p class="caption">${runs(b.caption, file)}</p>`;
        const href = addImage(b.image, b.mime, `photo-${images.size + 1}.${b.mime === 'image/png' ? 'png' : 'jpg'}`);
        const alt =
          b.caption
            .map((r) => r.text)
            .join('')
            .trim() || 'Photograph';
        return `<figure class="photo"><img src="${href}" alt="${x(alt)}"/><figcaption>${runs(b.caption, file)}</figcaption></figure>`;
      }
      case 'chart': {
        const href = addImage(new TextEncoder().encode(chartSvg(b.svg)), 'image/svg+xml', `chart-${n}.svg`);
        return `<figure class="chart"><img src="${href}" alt="${x(b.title)}"/><figcaption>${x(b.title)}</figcaption></figure>`;
      }
    }
  };

  const page = (title: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">\n<head>\n<meta charset="UTF-8"/>\n<title>${x(title)}</title>\n<link rel="stylesheet" type="text/css" href="book.css"/>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
  const xhtml = (id: string, title: string, body: string, props?: string) =>
    files.push({
      href: `${id}.xhtml`,
      id,
      mime: 'application/xhtml+xml',
      data: strToU8(page(title, body)),
      spine: true,
      ...(props ? { props } : {}),
    });

  xhtml(
    'title',
    m.title,
    `<section epub:type="titlepage" class="titlepage">\n<h1>${x(m.title)}</h1>\n${m.subtitle ? `<p class="subtitle">${x(m.subtitle)}</p>\n` : ''}${m.author ? `<p class="author">${x(m.author)}</p>\n` : ''}<p class="compiled">${x(compiledLine(m.compiledAt))}</p>\n</section>`,
  );

  let chart = 0;
  for (const p of all) {
    const file = `${p.key}.xhtml`;
    const body = p.blocks.map((b) => block(b, file, b.kind === 'chart' ? ++chart : 0)).join('\n');
    xhtml(
      p.key,
      fullTitle(p),
      `<section epub:type="${epubType(p)}" aria-labelledby="h-${p.key}">\n${heading(p)}\n${body}\n</section>`,
    );
  }

  if (m.notes.length) {
    const items = [...m.notes]
      .sort((a, b) => a.n - b.n)
      .map((n) => {
        const back = cited.get(n.n);
        const how = n.kind === 'how-we-know' ? '<em>How we know:</em> ' : '';
        return `<li id="note-${n.n}" value="${n.n}"><p>${how}${x(n.text)}${back ? ` <a href="${back}" role="doc-backlink" title="Back to the text">↩</a>` : ''}</p></li>`;
      });
    xhtml(
      'notes',
      'Notes',
      `<section epub:type="endnotes" role="doc-endnotes" aria-labelledby="h-notes">\n<h1 id="h-notes">Notes</h1>\n<ol>\n${items.join('\n')}\n</ol>\n</section>`,
    );
  }

  const partTitle = new Map(all.map((p) => [`${p.key}.xhtml`, p.label ?? p.title]));
  const links = (file: string[], key: (f: string) => string) =>
    file
      .map((f) => `<a href="${f}#${firstAnchor.get(`${f}|${key(f)}`) ?? ''}">${x(partTitle.get(f) ?? f)}</a>`)
      .join(', ');
  const people = index
    .sortedPeople()
    .map((e) => `<li>${x(indexName(e.person))} — ${links(e.at, () => `person:${e.person.id}`)}</li>`);
  const places = index.sortedPlaces().map((e) => `<li>${x(e.place)} — ${links(e.at, () => `place:${e.place}`)}</li>`);
  xhtml('index-names', 'Index of names', indexSection('index-names', 'Index of names', people));
  xhtml('index-places', 'Index of places', indexSection('index-places', 'Index of places', places));

  const contents = files.filter((f) => f.spine && f.id !== 'title');
  const titleOf = (f: (typeof files)[number]) => {
    const p = all.find((q) => `${q.key}.xhtml` === f.href);
    return p
      ? fullTitle(p)
      : ({ notes: 'Notes', 'index-names': 'Index of names', 'index-places': 'Index of places' }[f.id] ?? f.id);
  };
  const nav = `<nav epub:type="toc" id="toc" role="doc-toc">\n<h1>Contents</h1>\n<ol>\n${contents.map((f) => `<li><a href="${f.href}">${x(titleOf(f))}</a></li>`).join('\n')}\n</ol>\n</nav>\n<nav epub:type="landmarks" hidden="hidden">\n<ol>\n<li><a epub:type="titlepage" href="title.xhtml">Title page</a></li>\n${all[0] ? `<li><a epub:type="bodymatter" href="${all[0].key}.xhtml">Start of the book</a></li>\n` : ''}<li><a epub:type="index" href="index-names.xhtml">Index of names</a></li>\n</ol>\n</nav>`;
  files.splice(1, 0, {
    href: 'nav.xhtml',
    id: 'nav',
    mime: 'application/xhtml+xml',
    data: strToU8(page('Contents', nav)),
    props: 'nav',
    spine: true,
  });
  files.push({ href: 'book.css', id: 'css', mime: 'text/css', data: strToU8(CSS) });

  const zip: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(CONTAINER),
    'EPUB/package.opf': strToU8(opf(m, files)),
  };
  for (const f of files)
    zip[`EPUB/${f.href}`] = [f.data, { level: f.mime.startsWith('image/') && f.mime !== 'image/svg+xml' ? 0 : 6 }];
  return zipSync(zip, { mtime: validDate(m.compiledAt) });
}

function heading(p: Part): string {
  const label = p.label ? `<p class="label">${x(p.label)}</p>\n` : '';
  return `${label}<h1 id="h-${p.key}">${x(p.title)}</h1>`;
}

function epubType(p: Part): string {
  return p.key === 'introduction' ? 'introduction' : p.key === 'conclusion' ? 'conclusion' : 'chapter';
}

function indexSection(id: string, title: string, items: string[]): string {
  const list = items.length ? `<ul class="index">\n${items.join('\n')}\n</ul>` : '<p><em>No entries.</em></p>';
  return `<section epub:type="index" role="doc-index" aria-labelledby="h-${id}">\n<h1 id="h-${id}">${x(title)}</h1>\n${list}\n</section>`;
}

/**
 * The chart's SVG as a standalone image: the documents service's drawing carries web-page
 * attributes (data-*, role, aria-*) that the EPUB's SVG schema does not allow, and may link each
 * person to the web app; both are dropped.
 */
function chartSvg(svg: string): string {
  const clean = svg
    .replace(/\s(?:data-[\w-]+|role|aria-[\w-]+)="[^"]*"/g, '')
    // Links to the web app's person pages lead nowhere in a book: their groups stay, unlinked.
    .replace(/<a\b([^>]*)>/g, (_, attrs: string) => `<g${attrs.replace(/\s(?:xlink:)?href="[^"]*"/g, '')}>`)
    .replace(/<\/a>/g, '</g>')
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}`;
}

function opf(
  m: Manuscript,
  files: { href: string; id: string; mime: string; props?: string; spine?: boolean }[],
): string {
  const uuid = bookUuid(m);
  const modified = `${validDate(m.compiledAt).toISOString().slice(0, 19)}Z`;
  const manifest = files.map(
    (f) =>
      `<item id="${f.id}" href="${x(f.href)}" media-type="${f.mime}"${f.props ? ` properties="${f.props}"` : ''}/>`,
  );
  const spine = files.filter((f) => f.spine).map((f) => `<itemref idref="${f.id}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="bookid">urn:uuid:${uuid}</dc:identifier>
<dc:title>${x(m.title)}</dc:title>
<dc:language>en</dc:language>
${m.author ? `<dc:creator>${x(m.author)}</dc:creator>\n` : ''}<dc:date>${modified.slice(0, 10)}</dc:date>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`;
}

/** A stable UUID for the book (same title and compile time, same identifier), shaped as version 5. */
function bookUuid(m: Manuscript): string {
  const h = createHash('sha1').update(`gnology-book\n${m.title}\n${m.compiledAt}`).digest('hex');
  const v = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${v}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function validDate(iso: string): Date {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

const CSS = `body { font-family: serif; line-height: 1.45; margin: 0 5%; }
h1, h2 { font-family: sans-serif; font-weight: 600; }
h1 { margin-top: 2em; }
.label { font-family: sans-serif; text-transform: uppercase; letter-spacing: 0.08em; color: #555; margin-bottom: 0; }
.titlepage { text-align: center; margin-top: 20%; }
.subtitle { font-style: italic; }
figure { margin: 1.2em 0; text-align: center; }
figure img { max-width: 100%; max-height: 70vh; }
figcaption, .caption { font-style: italic; font-size: 0.9em; }
sup a { text-decoration: none; }
ul.index { list-style: none; padding-left: 0; }
ul.index li { padding-left: 1em; text-indent: -1em; }
`;
