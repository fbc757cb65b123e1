import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../src/domain/manuscript';
import { renderPdf } from '../src/render/pdf/render-pdf';
import { indexName } from '../src/render/sections';
import { CHAPTER_TITLES, manuscript, PEOPLE, PLACES, spoken } from './render-fixture';

// pdf.js reads the chart drawing's standard Helvetica from its own font data.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** A text item as pdf.js reads it: its string, x and baseline, size and width in points. */
interface Item {
  str: string;
  x: number;
  y: number;
  size: number;
  width: number;
}

/** Each page's text items, page 1 first. */
async function pageItems(bytes: Uint8Array): Promise<Item[][]> {
  const doc = await getDocument({
    data: bytes.slice(),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const out: Item[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    out.push(
      content.items.flatMap((it) =>
        'transform' in it
          ? [{ str: it.str, x: it.transform[4], y: it.transform[5], size: it.transform[0], width: it.width }]
          : [],
      ),
    );
  }
  await doc.destroy();
  return out;
}

/** Each page's text (whitespace collapsed), page 1 first. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pageItems(bytes)).map((items) =>
    items
      .map((it) => it.str)
      .join(' ')
      .replace(/\s+/g, ' '),
  );
}

/** The baselines (y) of the text set at `size` on each page. */
async function baselines(bytes: Uint8Array, size: number): Promise<number[][]> {
  return (await pageItems(bytes)).map((items) => {
    const ys = items.filter((it) => Math.abs(it.size - size) < 0.01 && it.str.trim()).map((it) => it.y);
    return [...new Set(ys.map((y) => Math.round(y * 100) / 100))].sort((a, b) => b - a);
  });
}

/** The pages listed after "<head> — " in the index text. */
function listed(indexText: string, head: string): number[] {
  const at = indexText.indexOf(`${head} — `);
  if (at < 0) return [];
  const rest = indexText.slice(at + head.length + 3);
  return (/^\d+(?:, \d+)*/.exec(rest)?.[0] ?? '').split(', ').map(Number);
}

describe('renderPdf', () => {
  // About 30 pages: names and places recur across many pages, photos, a chart.
  const m = manuscript({ chapters: 4, entries: 7, filler: 4 });
  let bytes: Uint8Array;
  let pages: string[];
  let namesAt: number;
  let placesAt: number;

  beforeAll(async () => {
    bytes = await renderPdf(m);
    pages = await pageTexts(bytes);
    namesAt = pages.findLastIndex((t) => t.includes('Index of names'));
    placesAt = pages.findLastIndex((t) => t.includes('Index of places'));
  }, 60_000);

  it('prints a 6×9 in book with the title page first and the fonts embedded', async () => {
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(20);
    for (const p of doc.getPages()) expect(p.getSize()).toEqual({ width: 432, height: 648 });
    expect(doc.getTitle()).toBe('The Whitfield Family');
    expect(pages[0]).toContain('The Whitfield Family');
    expect(pages[0]).toContain('Five generations from Wake County');
    expect(pages[0]).toContain('Compiled 27 November 2026');
    // Every font is embedded (a FontFile2 stream per TrueType font), none is a standard 14 font.
    const embedded = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
      .map(([, o]) => (o as PDFDict).get(PDFName.of('FontFile2')));
    expect(embedded.length).toBeGreaterThanOrEqual(4);
    expect(embedded.every((f) => f !== undefined)).toBe(true);
    const baseFonts = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'))
      .map(([, o]) => String((o as PDFDict).get(PDFName.of('BaseFont'))));
    expect(baseFonts.some((f) => /Lora/.test(f))).toBe(true);
    expect(baseFonts.some((f) => /Inter/.test(f))).toBe(true);
    expect(baseFonts.some((f) => /Helvetica|Times|Courier/.test(f))).toBe(false);
  });

  it('lists every part in the contents at the right-hand page it opens on', () => {
    const contents = pages[2]!;
    expect(contents).toContain('Contents');
    const titles = ['Introduction', ...CHAPTER_TITLES.slice(0, 4), 'Conclusion', 'Notes', 'Index of names'];
    for (const title of titles) {
      const m2 = new RegExp(`${title}[ .]*?(\\d+)(?: |$)`).exec(contents);
      expect(m2, title).not.toBeNull();
      const n = Number(m2![1]);
      expect(n % 2, `${title} opens on a right-hand page`).toBe(1);
      expect(pages[n - 1], `${title} on page ${n}`).toContain(title);
    }
    expect(contents).toMatch(/Generation 2: Into the new century/);
  });

  it('prints running heads: the book title on left-hand pages, the part title on right-hand ones', () => {
    const chapter2 = pages.findIndex((t) => t.startsWith('GENERATION 2') || t.includes('GENERATION 2 Into'));
    expect(chapter2).toBeGreaterThan(0);
    const verso = pages.findIndex((t, i) => i > chapter2 && (i + 1) % 2 === 0 && t.length > 200);
    const recto = pages.findIndex((t, i) => i > chapter2 && (i + 1) % 2 === 1 && t.length > 200);
    expect(pages[verso]).toMatch(new RegExp(`^${verso + 1} The Whitfield Family|The Whitfield Family ${verso + 1}`));
    expect(pages[recto]).toMatch(new RegExp(`Into the new century ${recto + 1}|^${recto + 1} Into the new century`));
  });

  it('marks notes in the text and prints every endnote', () => {
    const notesPage = pages.findLastIndex(
      (t, i) => i < namesAt && /\bNotes\b/.test(t) && /^\S* ?\d* ?Notes 1\. /.test(t),
    );
    expect(notesPage).toBeGreaterThan(0);
    const notesText = pages.slice(notesPage, namesAt).join(' ');
    for (const n of m.notes) {
      expect(notesText).toContain(`${n.n}. ${n.kind === 'how-we-know' ? 'How we know: ' : ''}${n.text.slice(0, 30)}`);
    }
    // The superscript numbers follow the words they annotate.
    expect(pages.slice(3, notesPage).join(' ')).toMatch(/North Carolina, 1 married/);
  });

  it('keeps the leading steady: a note marker ending a line does not lift the next line', async () => {
    const lines = await baselines(bytes, 10.5);
    let checked = 0;
    for (const ys of lines.slice(3, namesAt))
      for (let i = 1; i < ys.length; i++) {
        expect(ys[i - 1]! - ys[i]!).toBeGreaterThanOrEqual(14.5 - 0.05);
        checked++;
      }
    expect(checked).toBeGreaterThan(500);
  });

  it('lists each person in the index of names on exactly the pages that name them', () => {
    const indexText = pages.slice(namesAt, placesAt).join(' ');
    const body = pages.map((t, i) => (i >= 3 && i < namesAt ? t : ''));
    // Namesakes (two John Henry Whitfields) have an entry each; together they list every page of the name.
    const bySpoken = new Map<string, Set<number>>();
    for (const p of PEOPLE) {
      const at = listed(indexText, indexName(p));
      expect(at.length, indexName(p)).toBeGreaterThan(0);
      for (const n of at) expect(body[n - 1], `${spoken(p)} on page ${n}`).toContain(spoken(p));
      const set = bySpoken.get(spoken(p)) ?? new Set();
      for (const n of at) set.add(n);
      bySpoken.set(spoken(p), set);
    }
    for (const [name, set] of bySpoken) {
      const printed = body.flatMap((t, i) => (t.includes(name) ? [i + 1] : []));
      expect(
        [...set].sort((a, b) => a - b),
        name,
      ).toEqual(printed);
    }
    expect(indexText.indexOf('Barnes, Sarah Elizabeth')).toBeLessThan(indexText.indexOf('Nguyễn, Văn An'));
    expect(indexText.indexOf('Whitfield, John Henry (1858–1921)')).toBeLessThan(
      indexText.indexOf('Whitfield, John Henry (1889–1950)'),
    );
  });

  it('lists each place in the index of places on exactly the pages that name it', () => {
    const indexText = pages.slice(placesAt).join(' ');
    const body = pages.map((t, i) => (i >= 3 && i < namesAt ? t : ''));
    for (const place of PLACES) {
      const at = listed(indexText, place);
      const printed = body.flatMap((t, i) => (t.includes(place) ? [i + 1] : []));
      expect(at, place).toEqual(printed);
      expect(at.length).toBeGreaterThan(0);
    }
  });

  it('keeps a name that wraps onto the next line on the same page (the index lists the page it is printed whole on)', async () => {
    const place = 'Saint-Jean-sur-Richelieu, Le Haut-Richelieu, Québec, Canada';
    const person = { id: 'q1', surname: 'Bélanger-Tremblay', given: 'Marie-Joséphine Angélique', years: '1850–1920' };
    const words = 'and the family lived there for many years before moving on to the next parish'.split(' ');
    // Paragraphs of 1…40 words before each name, so names fall at every point of a line and a page.
    const blocks: Block[] = Array.from({ length: 160 }, (_, i) => ({
      kind: 'paragraph',
      runs: [
        { text: `${Array.from({ length: 1 + ((i * 7) % 40) }, (_, k) => words[k % words.length]).join(' ')} ` },
        { text: `${person.given} ${person.surname}`, person },
        { text: ' settled at ' },
        { text: place, place },
        { text: '.' },
      ],
    }));
    const book = { ...manuscript({ chapters: 1, entries: 1, photos: false, chart: false }), introduction: blocks };
    const texts = await pageTexts(await renderPdf(book));
    const names = texts.findLastIndex((t) => t.includes('Index of names'));
    const places = texts.findLastIndex((t) => t.includes('Index of places'));
    const body = texts.map((t, i) => (i >= 3 && i < names ? t : ''));
    const whole = `${person.given} ${person.surname}`;
    const listedNames = listed(
      texts.slice(names, places).join(' '),
      'Bélanger-Tremblay, Marie-Joséphine Angélique (1850–1920)',
    );
    const listedPlaces = listed(texts.slice(places).join(' '), place);
    expect(listedNames.length).toBeGreaterThan(8);
    expect(listedNames).toEqual(body.flatMap((t, i) => (t.includes(whole) ? [i + 1] : [])));
    expect(listedPlaces).toEqual(body.flatMap((t, i) => (t.includes(place) ? [i + 1] : [])));
    // Every one of the 160 mentions is printed whole on a page.
    expect(body.reduce((n, t) => n + t.split(whole).length - 1, 0)).toBe(160);
    expect(body.reduce((n, t) => n + t.split(place).length - 1, 0)).toBe(160);
  });

  it('cuts a word wider than the line (a URL in a citation) so nothing runs past the margin', async () => {
    const url =
      'https://www.familysearch.org/ark:/61903/1:1:MXYZ-ABCD/records/census/1880/north-carolina/wake/raleigh/dwelling-0123456789';
    const base = manuscript({ chapters: 1, entries: 1, photos: false, chart: false });
    const book = {
      ...base,
      introduction: [{ kind: 'paragraph' as const, runs: [{ text: `See ${url} for the image.`, note: 1 }] }],
      notes: [{ n: 1, text: `1880 U.S. census, Wake County; ${url}.`, kind: 'source' as const }],
    };
    let text = '';
    for (const items of await pageItems(await renderPdf(book))) {
      for (const it of items) {
        if (!it.str.trim()) continue;
        // 6×9: the text block ends 45 pt (verso) or 63 pt (recto) from the right edge.
        expect(it.x + it.width, it.str).toBeLessThanOrEqual(432 - 45 + 0.5);
        expect(it.x).toBeGreaterThanOrEqual(45 - 0.5);
      }
      text += items.map((it) => it.str).join('');
    }
    // Each cut piece is printed: the URL reads whole once the line ends are removed.
    expect(text.replace(/\s+/g, '').split(url).length - 1).toBe(2);
  });

  it('prints Greek names, which Lora lacks, in the fallback face (embedded only when needed)', async () => {
    const eleni = { id: 'g1', surname: 'Παπαδοπούλου', given: 'Ελένη', years: '1890–1970' };
    const base = manuscript({ chapters: 1, entries: 1, photos: false, chart: false });
    const book = {
      ...base,
      introduction: [
        {
          kind: 'paragraph' as const,
          runs: [{ text: 'Ελένη Παπαδοπούλου', person: eleni }, { text: ' came from Σμύρνη.' }],
        },
      ],
    };
    const fontsOf = async (bytes: Uint8Array) =>
      (await PDFDocument.load(bytes)).context
        .enumerateIndirectObjects()
        .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'))
        .map(([, o]) => String((o as PDFDict).get(PDFName.of('BaseFont'))));
    const greek = await renderPdf(book);
    const texts = await pageTexts(greek);
    const at = listed(texts.join(' '), 'Παπαδοπούλου, Ελένη (1890–1970)');
    expect(at).toHaveLength(1);
    expect(texts[at[0]! - 1]).toContain('Ελένη Παπαδοπούλου came from Σμύρνη.');
    expect((await fontsOf(greek)).some((f) => /Inter-Regular/.test(f))).toBe(true);
    expect((await fontsOf(bytes)).some((f) => /Inter-Regular/.test(f))).toBe(false);
  });

  it('places the photos and names the people in their captions', async () => {
    const doc = await PDFDocument.load(bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    // One JPEG and one PNG, each embedded once though printed in several chapters.
    expect(images.length).toBe(2);
    expect(pages.some((t) => /Sarah Elizabeth Barnes and Văn An Nguyễn, about 1890\./.test(t))).toBe(true);
  });

  it('prints the chart from its PDF drawing, a landscape sheet turned to fill a page, every sheet of a cut chart', async () => {
    const chartPdf = async (sheets: number) => {
      const chart = await PDFDocument.create();
      const font = await chart.embedFont(StandardFonts.Helvetica);
      for (let i = 1; i <= sheets; i++)
        chart.addPage([842, 595]).drawText(`CHART SHEET ${i} OF ${sheets}`, { x: 50, y: 250, size: 30, font });
      return chart.save();
    };
    const one = await pageItems(
      await renderPdf(manuscript({ chapters: 1, entries: 2, filler: 1, chart: 'pdf', chartPdf: await chartPdf(1) })),
    );
    const at = one.findIndex((items) => items.some((it) => it.str === 'CHART SHEET 1 OF 1'));
    expect(at).toBeGreaterThan(2);
    expect(one[at]!.map((it) => it.str).join(' ')).toContain('Pedigree of John Henry Whitfield');
    // Turned a quarter: the sheet's text runs up the page.
    const drawn = one[at]!.find((it) => it.str === 'CHART SHEET 1 OF 1')!;
    expect(drawn.size).toBeCloseTo(0, 5);
    // The chart has its page: the text goes on on the next one.
    expect(one[at]!.some((it) => it.str.includes('Family group'))).toBe(false);

    const three = (
      await pageTexts(
        await renderPdf(manuscript({ chapters: 1, entries: 2, filler: 1, chart: 'pdf', chartPdf: await chartPdf(3) })),
      )
    ).map((t, i) => [i, t] as const);
    const sheets = three.filter(([, t]) => /CHART SHEET \d OF 3/.test(t));
    expect(sheets.map(([, t]) => /CHART SHEET (\d)/.exec(t)![1])).toEqual(['1', '2', '3']);
    expect(sheets.map(([i]) => i)).toEqual([sheets[0]![0], sheets[0]![0] + 1, sheets[0]![0] + 2]);
    expect(sheets[1]![1]).toContain('Pedigree of John Henry Whitfield (continued)');
  });

  it('sets A4 and Letter pages when the trim asks for them', async () => {
    for (const [trim, size] of [
      ['a4', { width: 595.28, height: 841.89 }],
      ['letter', { width: 612, height: 792 }],
    ] as const) {
      const doc = await PDFDocument.load(await renderPdf(manuscript({ chapters: 1, entries: 2, filler: 1, trim })));
      expect(doc.getPage(0).getSize()).toEqual(size);
    }
  });
});
