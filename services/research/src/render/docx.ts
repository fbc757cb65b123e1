import {
  AlignmentType,
  Bookmark,
  convertInchesToTwip,
  Document,
  EndnoteReferenceRun,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  InternalHyperlink,
  Packer,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  SectionType,
  TableOfContents,
  TextRun,
} from 'docx';
import type { Block, BookTrim, Manuscript, Run } from '../domain/manuscript';
import { readableImage } from './image-check';
import { encodePng } from './png';
import { BookIndex, compiledLine, indexName, type Part, parts } from './sections';

/** Page size and margins in inches for the Word document's sections (the PDF's trim). */
const PAGE: Record<BookTrim, { w: number; h: number; margin: number }> = {
  '6x9': { w: 6, h: 9, margin: 0.75 },
  a4: { w: 8.27, h: 11.69, margin: 1 },
  letter: { w: 8.5, h: 11, margin: 1 },
};

const SERIF = 'Lora';
const SANS = 'Inter';

/**
 * The book as an editable Word document: headings as Heading styles (so Word's navigation pane and
 * contents work), the notes as real endnotes, photos and the chart as pictures, one section per
 * part starting on a right-hand page with its title in the running head, and indexes whose
 * entries link to the first mention in each part (Word has no pages until it lays the text out).
 */
export async function renderDocx(m: Manuscript): Promise<Uint8Array> {
  const page = PAGE[m.trim] ?? PAGE['6x9'];
  const textPx = (page.w - 2 * page.margin) * 96;
  const all = parts(m);
  const index = new BookIndex<string>();
  const marks = new Map<string, string>(); // "part|person:id" → bookmark name
  const noteText = new Map(m.notes.map((n) => [n.n, n]));
  const usedNotes = new Set<number>();

  const runs = (rs: Run[], part: string): ParagraphChild[] => {
    const out: ParagraphChild[] = [];
    for (const r of rs) {
      const text: ParagraphChild = new TextRun({ text: r.text.replace(/\s+/g, ' '), italics: r.italic, bold: r.bold });
      const keys = [r.person ? `person:${r.person.id}` : '', r.place ? `place:${r.place.trim()}` : ''].filter(Boolean);
      index.note(r, part);
      const fresh = keys.filter((k) => !marks.has(`${part}|${k}`));
      if (fresh.length) {
        const id = `ix_${marks.size + 1}`;
        for (const k of fresh) marks.set(`${part}|${k}`, id);
        out.push(new Bookmark({ id, children: [text] }));
      } else out.push(text);
      // Word numbers endnotes itself, in order of reference; a note cited twice is referenced once.
      if (r.note !== undefined && noteText.has(r.note) && !usedNotes.has(r.note)) {
        usedNotes.add(r.note);
        out.push(new EndnoteReferenceRun(r.note));
      }
    }
    return out;
  };

  const block = (b: Block, part: string): Paragraph[] => {
    switch (b.kind) {
      case 'heading':
        return [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(b.text)] })];
      case 'paragraph':
        return [new Paragraph({ children: runs(b.runs, part), spacing: { after: 120 } })];
      case 'photo': {
        // A damaged photo is left out; its caption stays.
        if (!readableImage(b.image, b.mime))
          return [
            new Paragraph({ alignment: AlignmentType.CENTER, style: 'Caption', children: runs(b.caption, part) }),
          ];
        const scale = Math.min(1, textPx / (b.width || 1), (textPx * 1.1) / (b.height || 1));
        return [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            keepNext: true,
            children: [
              new ImageRun({
                type: b.mime === 'image/png' ? 'png' : 'jpg',
                data: b.image,
                transformation: { width: Math.round(b.width * scale), height: Math.round(b.height * scale) },
                altText: {
                  name: 'Photograph',
                  description: b.caption.map((r) => r.text).join(''),
                  title: 'Photograph',
                },
              }),
            ],
          }),
          new Paragraph({ alignment: AlignmentType.CENTER, style: 'Caption', children: runs(b.caption, part) }),
        ];
      }
      case 'chart': {
        const size = svgSize(b.svg);
        const scale = textPx / size.w;
        const w = Math.round(size.w * scale);
        const h = Math.round(size.h * scale);
        return [
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(b.title)] }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [
              new ImageRun({
                type: 'svg',
                data: new TextEncoder().encode(b.svg),
                // Word before 2016 shows the fallback: a blank frame of the chart's size.
                fallback: { type: 'png', data: encodePng(8, 8, () => [255, 255, 255]) },
                transformation: { width: w, height: h },
                altText: { name: 'Pedigree chart', description: b.title, title: b.title },
              }),
            ],
          }),
        ];
      }
    }
  };

  const margin = convertInchesToTwip(page.margin);
  const props = (type: (typeof SectionType)[keyof typeof SectionType]) => ({
    type,
    page: {
      size: { width: convertInchesToTwip(page.w), height: convertInchesToTwip(page.h) },
      margin: { top: margin, bottom: margin, left: margin, right: margin, header: margin / 2, footer: margin / 2 },
    },
  });
  const footer = new Footer({
    children: [
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: [PageNumber.CURRENT] })] }),
    ],
  });
  const head = (text: string) =>
    new Header({
      children: [
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, italics: true, size: 16 })] }),
      ],
    });

  const titleSection = {
    properties: props(SectionType.NEXT_PAGE),
    children: [
      new Paragraph({
        heading: HeadingLevel.TITLE,
        alignment: AlignmentType.CENTER,
        spacing: { before: 2400 },
        children: [new TextRun(m.title)],
      }),
      ...(m.subtitle
        ? [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              children: [new TextRun({ text: m.subtitle, italics: true })],
            }),
          ]
        : []),
      ...(m.author
        ? [
            new Paragraph({
              alignment: AlignmentType.CENTER,
              spacing: { before: 1200 },
              children: [new TextRun(m.author)],
            }),
          ]
        : []),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 600 },
        children: [new TextRun({ text: compiledLine(m.compiledAt), italics: true })],
      }),
    ],
  };
  const contentsSection = {
    properties: props(SectionType.ODD_PAGE),
    children: [
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('Contents')] }),
      new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-1' }),
    ],
  };

  const partSection = (p: Part) => ({
    properties: props(SectionType.ODD_PAGE),
    headers: { default: head(p.title) },
    footers: { default: footer },
    children: [
      ...(p.label ? [new Paragraph({ style: 'Subtitle', children: [new TextRun(p.label)] })] : []),
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        children: [new Bookmark({ id: `part_${p.key.replace(/-/g, '_')}`, children: [new TextRun(p.title)] })],
      }),
      ...p.blocks.flatMap((b) => block(b, p.key)),
    ],
  });
  const bodySections = all.map(partSection);

  const labelOf = new Map(all.map((p) => [p.key, p.label ?? p.title]));
  const links = (at: string[], key: string): ParagraphChild[] =>
    at.flatMap((part, i) => [
      ...(i ? [new TextRun(', ')] : []),
      new InternalHyperlink({
        anchor: marks.get(`${part}|${key}`) ?? '',
        children: [new TextRun({ text: labelOf.get(part) ?? part, style: 'Hyperlink' })],
      }),
    ]);
  const indexSection = (title: string, entries: { head: string; at: string[]; key: string }[]) => ({
    properties: props(SectionType.ODD_PAGE),
    headers: { default: head(title) },
    footers: { default: footer },
    children: [
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] }),
      ...(entries.length
        ? entries.map(
            (e) =>
              new Paragraph({
                indent: { left: 240, hanging: 240 },
                children: [new TextRun(`${e.head} — `), ...links(e.at, e.key)],
              }),
          )
        : [new Paragraph({ children: [new TextRun({ text: 'No entries.', italics: true })] })]),
    ],
  });
  const names = indexSection(
    'Index of names',
    index.sortedPeople().map((e) => ({ head: indexName(e.person), at: e.at, key: `person:${e.person.id}` })),
  );
  const places = indexSection(
    'Index of places',
    index.sortedPlaces().map((e) => ({ head: e.place, at: e.at, key: `place:${e.place}` })),
  );

  // Word prints endnotes after the document's last text (after the indexes): its own place for them.
  const endnotes: Record<string, { children: Paragraph[] }> = {};
  for (const n of usedNotes) {
    const note = noteText.get(n);
    if (!note) continue;
    endnotes[String(n)] = {
      children: [
        new Paragraph({
          children: [
            ...(note.kind === 'how-we-know' ? [new TextRun({ text: 'How we know: ', italics: true })] : []),
            new TextRun(note.text.replace(/\s+/g, ' ')),
          ],
        }),
      ],
    };
  }

  const doc = new Document({
    title: m.title,
    ...(m.author ? { creator: m.author } : {}),
    description: compiledLine(m.compiledAt),
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: SERIF, size: 22 } },
        heading1: { run: { font: SANS, size: 36, bold: true }, paragraph: { spacing: { before: 480, after: 240 } } },
        heading2: {
          run: { font: SANS, size: 24, bold: true },
          paragraph: { spacing: { before: 240, after: 120 }, keepNext: true },
        },
        title: { run: { font: SANS, size: 48, bold: true } },
      },
      paragraphStyles: [
        {
          id: 'Subtitle',
          name: 'Subtitle',
          basedOn: 'Normal',
          next: 'Normal',
          run: { font: SANS, size: 18, allCaps: true, color: '555555' },
        },
        {
          id: 'Caption',
          name: 'caption',
          basedOn: 'Normal',
          next: 'Normal',
          run: { size: 18, italics: true, color: '444444' },
          paragraph: { spacing: { after: 200 } },
        },
      ],
    },
    endnotes,
    sections: [titleSection, contentsSection, ...bodySections, names, places],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** The chart's size from its SVG (width/height, else the viewBox), in pixels. */
function svgSize(svg: string): { w: number; h: number } {
  const vb = /viewBox="\s*[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(svg);
  const w = Number(vb?.[1]);
  const h = Number(vb?.[2]);
  return w > 0 && h > 0 ? { w, h } : { w: 800, h: 600 };
}
