import {
  type PDFArray,
  beginText,
  degrees,
  type PDFEmbeddedPage,
  type PDFDocument as Doc,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  setTextRise,
} from 'pdf-lib';
import type { Block, Manuscript, Run } from '../../domain/manuscript';
import { readableImage } from '../image-check';
import { BookIndex, compiledLine, contentKey, type Part, parts } from '../sections';
import { type BookFonts, embedBookFonts, needsFallback } from './fonts';
import { type Geometry, geometry } from './geometry';
import { breakLines, continuesNamed, type Line, measure, type TextStyle, words } from './lines';

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.4);

/** Where a page stands: what its running head says, and whether it carries one. */
interface PageState {
  page: PDFPage;
  /** 1-based; the printed page number is the physical one, so an index's pages are PDF pages. */
  n: number;
}

/**
 * The print-ready PDF: title page, contents with page numbers, each part from a right-hand page,
 * running heads (book title on the left, part title on the right), superscript note markers,
 * photos and the chart in the text block, endnotes, and indexes of names and places whose page
 * numbers are the pages the names are printed on (recorded while drawing, so they cannot drift).
 */
export async function renderPdf(m: Manuscript): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedBookFonts(pdf, needsFallback(allText(m)));
  const book = new PdfBook(pdf, fonts, geometry(m.trim), m);
  await book.build();
  const when = new Date(m.compiledAt);
  pdf.setTitle(m.title);
  if (m.author) pdf.setAuthor(m.author);
  pdf.setCreator('GNology');
  pdf.setProducer('GNology (pdf-lib)');
  if (!Number.isNaN(when.getTime())) {
    pdf.setCreationDate(when);
    pdf.setModificationDate(when);
  }
  return pdf.save();
}

class PdfBook {
  private cur!: PageState;
  private y = 0;
  private readonly index = new BookIndex<number>();
  private readonly body: TextStyle;
  private readonly small: TextStyle;
  private readonly images = new Map<string, Promise<PDFImage>>();
  private runningTitle = '';

  constructor(
    private readonly pdf: Doc,
    private readonly f: BookFonts,
    private readonly g: Geometry,
    private readonly m: Manuscript,
  ) {
    this.body = {
      regular: f.body,
      italic: f.italic,
      bold: f.bold,
      boldItalic: f.boldItalic,
      size: g.bodySize,
      ...(f.fallback ? { fallback: f.fallback } : {}),
    };
    this.small = { ...this.body, size: g.bodySize - 1.5 };
  }

  private get textWidth(): number {
    return this.g.width - this.g.inner - this.g.outer;
  }
  private get left(): number {
    // Odd pages are right-hand (recto): the binding is on their left.
    return this.cur.n % 2 === 1 ? this.g.inner : this.g.outer;
  }
  private get topY(): number {
    return this.g.height - this.g.top;
  }

  async build(): Promise<void> {
    const all = parts(this.m);
    this.titlePage();
    this.imprintPage();

    // Contents: one line an entry, so its length is known before the pages it lists are drawn.
    const entries: { title: string; label?: string; page: number }[] = all.map((p) => ({
      title: p.title,
      ...(p.label ? { label: p.label } : {}),
      page: 0,
    }));
    if (this.m.notes.length) entries.push({ title: 'Notes', page: 0 });
    entries.push({ title: 'Index of names', page: 0 }, { title: 'Index of places', page: 0 });
    const contentsPages: PDFPage[] = [];
    const perPage = Math.floor((this.topY - this.g.bottom - this.g.leading * 4) / (this.g.leading * 1.4));
    const contentsCount = Math.max(1, Math.ceil(entries.length / perPage));
    for (let i = 0; i < contentsCount; i++) {
      this.newPage({ head: false, number: false });
      contentsPages.push(this.cur.page);
    }

    let e = 0;
    for (const p of all) {
      entries[e++]!.page = await this.part(p);
    }
    if (this.m.notes.length) entries[e++]!.page = this.notes();
    entries[e++]!.page = this.indexOfNames();
    entries[e++]!.page = this.indexOfPlaces();

    this.contents(contentsPages, entries, perPage);
  }

  // ---- pages

  private newPage(o: { head: boolean; number: boolean; recto?: boolean }): void {
    const next = (this.cur?.n ?? 0) + 1;
    if (o.recto && next % 2 === 0) {
      // A blank left-hand page so the part opens on the right.
      this.cur = { page: this.pdf.addPage([this.g.width, this.g.height]), n: next };
    }
    this.cur = { page: this.pdf.addPage([this.g.width, this.g.height]), n: (this.cur?.n ?? 0) + 1 };
    this.y = this.topY;
    if (o.head) this.runningHead();
    else if (o.number) this.footNumber();
  }

  private runningHead(): void {
    const size = 8.5;
    const y = this.g.height - this.g.top + 22;
    const num = String(this.cur.n);
    const recto = this.cur.n % 2 === 1;
    const head = clip(recto ? this.runningTitle : this.m.title, this.f.italic, size, this.textWidth - 60);
    const hw = measure(this.f.italic, head, size);
    const cx = this.left + this.textWidth / 2;
    this.cur.page.drawText(head, { x: cx - hw / 2, y, size, font: this.f.italic, color: MUTED });
    const nw = measure(this.f.body, num, size + 0.5);
    const nx = recto ? this.left + this.textWidth - nw : this.left;
    this.cur.page.drawText(num, { x: nx, y, size: size + 0.5, font: this.f.body, color: INK });
  }

  /** A part's opening page has no running head; its number sits at the foot. */
  private footNumber(): void {
    const num = String(this.cur.n);
    const size = 9;
    const w = measure(this.f.body, num, size);
    this.cur.page.drawText(num, {
      x: this.left + (this.textWidth - w) / 2,
      y: this.g.bottom - 26,
      size,
      font: this.f.body,
      color: INK,
    });
  }

  /** Moves to a new page unless `h` points still fit above the bottom margin. */
  private ensure(h: number): void {
    if (this.y - h < this.g.bottom) this.newPage({ head: true, number: false });
  }

  // ---- front matter

  private titlePage(): void {
    this.newPage({ head: false, number: false });
    const { width, height } = this.g;
    let y = height * 0.66;
    y = this.centred(this.m.title, this.f.heading, this.g.bodySize * 2.3, y, INK);
    if (this.m.subtitle) y = this.centred(this.m.subtitle, this.f.italic, this.g.bodySize * 1.35, y - 14, MUTED);
    if (this.m.author) this.centred(this.m.author, this.f.body, this.g.bodySize * 1.2, height * 0.3, INK);
    this.centred(compiledLine(this.m.compiledAt), this.f.italic, this.g.bodySize, this.g.bottom + 10, MUTED);
    void width;
  }

  private imprintPage(): void {
    this.newPage({ head: false, number: false });
    const lines = [
      `${this.m.title}${this.m.author ? ` · ${this.m.author}` : ''}`,
      compiledLine(this.m.compiledAt),
      'Every fact is followed by a note number; the notes give the source.',
    ];
    let y = this.g.bottom + lines.length * 12;
    for (const l of lines) {
      this.cur.page.drawText(clip(l, this.f.body, 8, this.textWidth), {
        x: this.left,
        y,
        size: 8,
        font: this.f.body,
        color: MUTED,
      });
      y -= 12;
    }
  }

  /** Draws wrapped lines centred on the page; returns the y under them. */
  private centred(text: string, font: PDFFont, size: number, y: number, color = INK): number {
    const ws = words([{ text }], { regular: font, italic: font, bold: font, boldItalic: font, size });
    for (const line of breakLines(ws, this.textWidth, measure(font, ' ', size))) {
      const x = this.left + (this.textWidth - line.width) / 2;
      this.drawLine(line, x, y, measure(font, ' ', size), false, color);
      y -= size * 1.3;
    }
    return y;
  }

  private contents(
    pages: PDFPage[],
    entries: { title: string; label?: string; page: number }[],
    perPage: number,
  ): void {
    const size = this.g.bodySize;
    entries.forEach((e, i) => {
      const pi = Math.floor(i / perPage);
      const page = pages[pi]!;
      const n = 3 + pi; // title page, imprint, then the contents
      const left = n % 2 === 1 ? this.g.inner : this.g.outer;
      let y = this.topY - (i % perPage) * this.g.leading * 1.4;
      if (i % perPage === 0) {
        page.drawText(pi === 0 ? 'Contents' : 'Contents (continued)', {
          x: left,
          y: this.topY - 4,
          size: size * 1.6,
          font: this.f.heading,
          color: INK,
        });
      }
      y -= this.g.leading * 3.2;
      const num = String(e.page);
      const nw = measure(this.f.body, num, size);
      const labelText = e.label ? `${e.label}:` : '';
      const room = this.textWidth - nw - 24;
      const label = clip(labelText, this.f.italic, size, room / 2);
      const lw = label ? measure(this.f.italic, `${label} `, size) : 0;
      const title = clip(e.title, this.f.body, size, room - lw);
      if (label) page.drawText(label, { x: left, y, size, font: this.f.italic, color: MUTED });
      page.drawText(title, { x: left + lw, y, size, font: this.f.body, color: INK });
      // Dot leaders from the title to the number.
      const from = left + lw + measure(this.f.body, title, size) + 6;
      const to = left + this.textWidth - nw - 6;
      const dot = measure(this.f.body, '.', size) + 2.2;
      if (to > from) {
        const dots = ' .'.repeat(Math.floor((to - from) / dot)).trim();
        const dw = measure(this.f.body, dots, size);
        page.drawText(dots, { x: to - dw, y, size, font: this.f.body, color: MUTED });
      }
      page.drawText(num, { x: left + this.textWidth - nw, y, size, font: this.f.body, color: INK });
    });
  }

  // ---- parts

  /** Draws one part from a right-hand page; returns the page it opens on. */
  private async part(p: Part): Promise<number> {
    this.runningTitle = p.title;
    this.newPage({ head: false, number: true, recto: true });
    const opening = this.cur.n;
    this.y = this.topY - this.g.height * 0.12;
    if (p.label) {
      this.cur.page.drawText(clip(p.label.toUpperCase(), this.f.heading, 9, this.textWidth), {
        x: this.left,
        y: this.y,
        size: 9,
        font: this.f.heading,
        color: MUTED,
      });
      this.y -= 22;
    }
    this.y = this.headingLines(p.title, this.g.bodySize * 1.9) - this.g.leading * 1.2;
    let afterHeading = true;
    for (const b of p.blocks) {
      await this.block(b, afterHeading);
      afterHeading = b.kind === 'heading';
    }
    return opening;
  }

  private headingLines(text: string, size: number): number {
    const font = this.f.heading;
    const style = { regular: font, italic: font, bold: font, boldItalic: font, size };
    const space = measure(font, ' ', size);
    for (const line of breakLines(words([{ text }], style), this.textWidth, space)) {
      this.cur.page.drawText(line.words.map((w) => w.pieces.map((p) => p.text).join('')).join(' '), {
        x: this.left,
        y: this.y - size,
        size,
        font,
        color: INK,
      });
      this.y -= size * 1.25;
    }
    return this.y;
  }

  private async block(b: Block, afterHeading: boolean): Promise<void> {
    switch (b.kind) {
      case 'heading': {
        const size = this.g.bodySize + 1;
        // Keep a heading with at least three lines of what follows it.
        this.ensure(size * 1.25 + this.g.leading * 4);
        this.y -= this.g.leading * 0.8;
        this.headingLines(b.text, size);
        this.y -= this.g.leading * 0.3;
        return;
      }
      case 'paragraph':
        this.paragraph(b.runs, this.body, afterHeading ? 0 : this.g.bodySize * 1.5);
        return;
      case 'photo':
        await this.photo(b);
        return;
      case 'chart':
        await this.chart(b);
        return;
    }
  }

  private paragraph(runs: Run[], style: TextStyle, indent: number, leading = this.g.leading, hang = 0): void {
    const space = measure(style.regular, ' ', style.size);
    const width = this.textWidth - hang;
    const lines = breakLines(words(runs, style), width, space, indent);
    // A name wrapping onto the next line stays on one page with it, so the index's page shows it
    // whole; `keep[i]` counts the lines tied to line i that way (a name, then a place, can chain).
    const keep = lines.map(() => 0);
    for (let i = lines.length - 2; i >= 0; i--)
      keep[i] = continuesNamed(lines[i]!, lines[i + 1]) ? 1 + keep[i + 1]! : 0;
    const pageLines = Math.floor((this.topY - this.g.bottom) / leading);
    for (const [i, line] of lines.entries()) {
      const tied = 1 + keep[i]!;
      this.ensure(tied <= pageLines ? leading * tied : leading);
      this.y -= leading;
      this.drawLine(line, this.left + hang, this.y, space, !line.last);
    }
  }

  /**
   * Draws a line as one text object (justified unless `justify` is off) and files named runs under
   * this page. One TJ array per change of font, not one drawText per word: a 200-page book has
   * ~80,000 words, and pdf-lib's per-call operators made the text alone cost ~350 MB.
   */
  private drawLine(line: Line, x0: number, y: number, space: number, justify: boolean, color = INK): void {
    const gaps = line.words.length - 1;
    const room = this.textWidth - line.indent - line.width - (x0 - this.left);
    // Justify only where the stretch stays under three spaces a gap; otherwise set ragged.
    const extra = justify && gaps > 0 && room / gaps < space * 3 ? room / gaps : 0;
    const ops: PDFOperator[] = [
      beginText(),
      setFillingRgbColor(color.red, color.green, color.blue),
      moveText(x0 + line.indent, y),
    ];
    let font: PDFFont | undefined;
    let size = 0;
    let rise = 0;
    let arr: PDFArray | undefined;
    const flush = () => {
      if (arr) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [arr]));
      arr = undefined;
    };
    const use = (f: PDFFont, sz: number, r: number) => {
      if (f !== font || sz !== size) {
        flush();
        ops.push(setFontAndSize(this.fontKey(f), sz));
        font = f;
        size = sz;
      }
      if (r !== rise) {
        flush();
        ops.push(setTextRise(r));
        rise = r;
      }
      arr ??= this.pdf.context.obj([]);
      return arr;
    };
    line.words.forEach((w, i) => {
      for (const p of w.pieces) {
        use(p.font, p.size, p.rise).push(p.font.encodeText(p.text));
        if (p.run) this.index.note(p.run, this.cur.n);
      }
      if (i < gaps) {
        // The space is a real glyph (text extraction and search see words), in the body font the
        // layout measured it in; the justification is a TJ shift after it.
        const a = use(this.spaceFont, this.spaceSize(space), 0);
        a.push(this.spaceFont.encodeText(' '));
        if (extra) a.push(PDFNumber.of(-(extra * 1000) / size));
      }
    });
    flush();
    // Text rise is graphics state: it outlives the text object, so a superscript at the end of a line would lift the next.
    if (rise !== 0) ops.push(setTextRise(0));
    ops.push(endText());
    this.cur.page.pushOperators(...ops);
  }

  private get spaceFont(): PDFFont {
    return this.f.body;
  }

  /** The size at which the body font's space is `space` wide. */
  private spaceSize(space: number): number {
    return (space / measure(this.f.body, ' ', 1000)) * 1000;
  }

  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private fontKey(font: PDFFont): PDFName {
    let keys = this.fontKeys.get(this.cur.page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(this.cur.page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = this.cur.page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }

  private image(bytes: Uint8Array, mime: 'image/jpeg' | 'image/png'): Promise<PDFImage> {
    const key = contentKey(bytes);
    let img = this.images.get(key);
    if (!img) {
      img = mime === 'image/png' ? this.pdf.embedPng(bytes) : this.pdf.embedJpg(bytes);
      this.images.set(key, img);
    }
    return img;
  }

  private async photo(b: Extract<Block, { kind: 'photo' }>): Promise<void> {
    const img = readableImage(b.image, b.mime) ? await this.image(b.image, b.mime).catch(() => undefined) : undefined;
    if (!img) {
      // A damaged photo is left out; its caption (and the names in it) stays.
      this.paragraph(b.caption, { ...this.small, regular: this.small.italic }, 0);
      this.y -= this.g.leading * 0.5;
      return;
    }
    const textHeight = this.topY - this.g.bottom;
    const cap = this.small;
    const capLines = breakLines(
      words(b.caption, { ...cap, regular: cap.italic }),
      this.textWidth,
      measure(cap.italic, ' ', cap.size),
    );
    const capHeight = capLines.length * (cap.size * 1.3);
    const w0 = b.width || img.width;
    const h0 = b.height || img.height;
    const scale = Math.min(this.textWidth / w0, (textHeight * 0.6) / h0);
    const w = w0 * scale;
    const h = h0 * scale;
    this.ensure(h + capHeight + this.g.leading * 1.5);
    this.y -= this.g.leading * 0.8;
    this.cur.page.drawImage(img, { x: this.left + (this.textWidth - w) / 2, y: this.y - h, width: w, height: h });
    this.y -= h + 4;
    for (const line of capLines) {
      this.y -= cap.size * 1.3;
      this.drawLine(
        line,
        this.left + (this.textWidth - line.width) / 2,
        this.y,
        measure(cap.italic, ' ', cap.size),
        false,
        MUTED,
      );
    }
    this.y -= this.g.leading * 0.7;
  }

  /** The pedigree chart under its title, scaled into the text block (on the next page if it does not fit here). */
  private async chart(b: Extract<Block, { kind: 'chart' }>): Promise<void> {
    const sheets = b.pdf ? await this.chartSheets(b.pdf) : [];
    const page = sheets[0];
    if (sheets.length > 1) {
      // A large chart comes cut into sheets (decision 0229): each on a page of its own.
      const titleSize = this.g.bodySize + 2;
      const full = this.topY - this.g.bottom - (titleSize * 1.25 + 8 + this.g.leading);
      sheets.forEach((sheet, i) => {
        const title = i ? `${b.title} (continued)` : b.title;
        const upright = Math.min(this.textWidth / sheet.width, full / sheet.height);
        const turned = Math.min(full / sheet.width, this.textWidth / sheet.height);
        this.sheetPage(title, sheet, Math.max(upright, turned), turned > upright, titleSize);
      });
      return;
    }
    const vb = /viewBox="\s*[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(b.svg);
    const svgRatio = vb ? Number(vb[2]) / Number(vb[1]) : Number.NaN;
    const ratio = page ? page.height / page.width : Number.isFinite(svgRatio) && svgRatio > 0 ? svgRatio : 0.75;
    const titleSize = this.g.bodySize + 2;
    const head = titleSize * 1.25 + 8 + this.g.leading;
    const full = this.topY - this.g.bottom - head;
    const w = Math.min(this.textWidth, full / ratio);
    const h = w * ratio;
    if (page) {
      // A landscape chart on a portrait page prints larger turned a quarter (as atlases do): a page
      // of its own, the chart's top to the page's left edge, when that makes it a third larger.
      const turned = Math.min(full / page.width, this.textWidth / page.height);
      if (turned >= (w / page.width) * 1.33) return this.sheetPage(b.title, page, turned, true, titleSize);
    }
    this.ensure(h + head);
    this.y -= this.g.leading;
    this.headingLines(b.title, titleSize);
    this.y -= 8;
    const x = this.left + (this.textWidth - w) / 2;
    if (page) {
      this.cur.page.drawPage(page, { x, y: this.y - h, width: w, height: h });
    } else {
      // No PDF drawing of the chart was given: a frame of the SVG's proportions with a note.
      this.cur.page.drawRectangle({ x, y: this.y - h, width: w, height: h, borderColor: MUTED, borderWidth: 0.6 });
      this.centred(
        'The chart is drawn in the EPUB and Word editions.',
        this.f.italic,
        this.g.bodySize - 1,
        this.y - h / 2,
        MUTED,
      );
    }
    this.y -= h + this.g.leading * 0.5;
  }

  private async chartSheets(bytes: Uint8Array): Promise<PDFEmbeddedPage[]> {
    const source = await PDFDocument.load(bytes);
    return this.pdf.embedPdf(source, source.getPageIndices());
  }

  /** A chart sheet on a page of its own under its title, turned a quarter when that prints it larger. */
  private sheetPage(title: string, page: PDFEmbeddedPage, scale: number, turn: boolean, titleSize: number): void {
    if (this.y < this.topY) this.newPage({ head: true, number: false });
    this.headingLines(title, titleSize);
    this.y -= 8;
    const w = page.width * scale;
    const h = page.height * scale;
    if (turn) {
      // Turned, the sheet's width runs up the page and its height across it.
      const x = this.left + (this.textWidth + h) / 2;
      const y = this.y - w - (this.y - this.g.bottom - w) / 2;
      this.cur.page.drawPage(page, { x, y, width: w, height: h, rotate: degrees(90) });
    } else {
      this.cur.page.drawPage(page, { x: this.left + (this.textWidth - w) / 2, y: this.y - h, width: w, height: h });
    }
    // The text goes on after the chart's page.
    this.y = this.g.bottom;
  }

  // ---- back matter

  private notes(): number {
    this.runningTitle = 'Notes';
    this.newPage({ head: false, number: true, recto: true });
    const opening = this.cur.n;
    this.y = this.topY - this.g.height * 0.12;
    this.y = this.headingLines('Notes', this.g.bodySize * 1.9) - this.g.leading;
    const style = this.small;
    const leading = style.size * 1.35;
    const hang = measure(style.regular, '000.', style.size) + 4;
    for (const n of [...this.m.notes].sort((a, b) => a.n - b.n)) {
      const runs: Run[] =
        n.kind === 'how-we-know' ? [{ text: 'How we know: ', italic: true }, { text: n.text }] : [{ text: n.text }];
      this.ensure(leading * 2);
      const num = `${n.n}.`;
      const nw = measure(style.regular, num, style.size);
      this.cur.page.drawText(num, {
        x: this.left + hang - 4 - nw,
        y: this.y - leading,
        size: style.size,
        font: style.regular,
        color: INK,
      });
      this.paragraph(runs, style, 0, leading, hang);
      this.y -= 2;
    }
    return opening;
  }

  private indexOfNames(): number {
    const entries = this.index.sortedPeople().map((e) => ({
      head: nameRuns(e.person),
      key: e.person.surname,
      pages: e.at,
    }));
    return this.indexSection('Index of names', entries, true);
  }

  private indexOfPlaces(): number {
    const entries = this.index.sortedPlaces().map((e) => ({ head: [{ text: e.place }], key: e.place, pages: e.at }));
    return this.indexSection('Index of places', entries, false);
  }

  private indexSection(
    title: string,
    entries: { head: Run[]; key: string; pages: number[] }[],
    recto: boolean,
  ): number {
    this.runningTitle = title;
    this.newPage({ head: false, number: true, recto });
    const opening = this.cur.n;
    this.y = this.topY - this.g.height * 0.12;
    this.y = this.headingLines(title, this.g.bodySize * 1.9) - this.g.leading * 0.5;
    const style = this.small;
    const leading = style.size * 1.35;
    if (!entries.length) {
      this.paragraph([{ text: 'No one is named in the text.', italic: true }], style, 0, leading);
      return opening;
    }
    let letter = '';
    for (const e of entries) {
      const first = (e.key.trim()[0] ?? '#').toLocaleUpperCase('en');
      if (first !== letter) {
        letter = first;
        this.ensure(leading * 3);
        this.y -= leading * 0.6;
        this.y -= leading;
        this.cur.page.drawText(letter, {
          x: this.left,
          y: this.y,
          size: style.size + 1,
          font: this.f.heading,
          color: INK,
        });
      }
      // The pages are printed (not recorded again): index entries do not name anyone.
      const runs: Run[] = [
        ...e.head.map((r) => ({ text: r.text, ...(r.italic ? { italic: true } : {}) })),
        { text: ` — ${e.pages.join(', ')}` },
      ];
      this.hanging(runs, style, leading, 12);
    }
    return opening;
  }

  /** An index entry: first line flush, the rest indented, never justified. */
  private hanging(runs: Run[], style: TextStyle, leading: number, hang: number): void {
    const space = measure(style.regular, ' ', style.size);
    const ws = words(runs, style);
    const lines = breakLines(ws, this.textWidth - hang, space);
    // breakLines narrows every line by the hang; the first line then sits at the margin.
    lines.forEach((line, i) => {
      this.ensure(leading);
      this.y -= leading;
      this.drawLine(line, this.left + (i === 0 ? 0 : hang), this.y, space, false);
    });
  }
}

function nameRuns(p: { surname: string; given: string; years?: string }): Run[] {
  const name = p.given ? `${p.surname}, ${p.given}` : p.surname || '(no name)';
  return p.years ? [{ text: name }, { text: ` (${p.years})` }] : [{ text: name }];
}

/** Shortens text with an ellipsis to fit `width`. */
function clip(text: string, font: PDFFont, size: number, width: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (measure(font, t, size) <= width) return t;
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(font, `${t.slice(0, mid).trimEnd()}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo ? `${t.slice(0, lo).trimEnd()}…` : '';
}

/** Every text the book prints from the manuscript, to know which fonts it needs. */
function allText(m: Manuscript): string {
  const out: string[] = [m.title, m.subtitle ?? '', m.author ?? ''];
  const blocks = (bs: Block[]) => {
    for (const b of bs) {
      if (b.kind === 'heading') out.push(b.text);
      else if (b.kind === 'chart') out.push(b.title);
      else
        for (const r of b.kind === 'paragraph' ? b.runs : b.caption) {
          out.push(r.text, r.place ?? '');
          if (r.person) out.push(r.person.surname, r.person.given, r.person.years ?? '');
        }
    }
  };
  blocks(m.introduction);
  for (const c of m.chapters) {
    out.push(c.title, c.label ?? '');
    blocks(c.blocks);
  }
  blocks(m.conclusion);
  for (const n of m.notes) out.push(n.text);
  return out.join('\n');
}
