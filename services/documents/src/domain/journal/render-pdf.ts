import fontkit from '@pdf-lib/fontkit';
import { JOURNAL_SECTIONS, type JournalPaper } from '@gnology/contracts';
import {
  type Color,
  grayscale,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
} from 'pdf-lib';
import {
  type Block,
  DATE_HINT,
  type FieldSpec,
  HOW_TO_USE,
  JOURNAL_MARKER,
  JOURNAL_SUBTITLE,
  JOURNAL_TITLE,
  SECTIONS,
  type SectionSpec,
  type SourceSpec,
  type TableSpec,
  tableFieldName,
  VERSION_FIELD,
} from './layout';

/**
 * Draws the GNology Journal with pdf-lib: a cover, then one page per section, each with real
 * AcroForm fields over boxes drawn on the page (so a printed copy can be filled in by hand and
 * the boxes print whatever the reader does with widgets). Black and grey only: nothing is
 * carried by colour. Deterministic: fixed dates, no random ids, so a version's bytes never change.
 */

export interface JournalFonts {
  /** A full Unicode text face (embedded whole: form fields must show any name a user types). */
  text: Uint8Array;
  /** The headings' face (subset: only the static headings use it). */
  heading: Uint8Array;
}

export interface RenderOptions {
  paper: JournalPaper;
  version: string;
  fonts: JournalFonts;
}

const PAPER: Record<JournalPaper, [number, number]> = { letter: [612, 792], a4: [595.28, 841.89] };
const MARGIN_X = 54;
const MARGIN_TOP = 50;
const MARGIN_BOTTOM = 50;
/** Fixed so that the same version builds the same bytes (pdf-lib would write "now"). */
const BUILT_AT = new Date('2026-11-01T00:00:00.000Z');

const INK = grayscale(0.1);
const SOFT = grayscale(0.32);
const FAINT = grayscale(0.5);
const RULE = grayscale(0.62);
const WRITING_LINE = grayscale(0.82);
const TINT = grayscale(0.94);

/**
 * Inter's contextual alternates and ligatures cost most of a build in fontkit's shaping and add
 * little to a form's small text; kerning is left out for the same reason.
 */
const TEXT_FEATURES = { calt: false, liga: false, kern: false };

const FIELD_FONT = 10;
const TABLE_FONT = 8.5;
const LABEL_FONT = 7.5;
/** Room around typed text inside a box. */
const INSET = 3;
const SINGLE_FIELD_HEIGHT = 20;

interface Ctx {
  doc: PDFDocument;
  text: PDFFont;
  heading: PDFFont;
  width: number;
  height: number;
  paper: JournalPaper;
  version: string;
  /** The distance between lines of typed text in a multi-line field (pdf-lib: 1.2 × the font's height), so the writing lines drawn under it match. */
  lineStep: number;
}

/** The journal's bytes for one paper size. */
export async function renderJournalPdf(opts: RenderOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const text = await doc.embedFont(opts.fonts.text, { subset: false, features: TEXT_FEATURES });
  const heading = await doc.embedFont(opts.fonts.heading, { subset: true });
  const [width, height] = PAPER[opts.paper];
  const ctx: Ctx = {
    doc,
    text,
    heading,
    width,
    height,
    paper: opts.paper,
    version: opts.version,
    lineStep: 1.2 * text.heightAtSize(FIELD_FONT),
  };

  setMetadata(doc, opts);
  const cover = doc.addPage([width, height]);
  drawCover(ctx, cover);
  for (const section of SECTIONS) drawSection(ctx, section);
  const total = doc.getPageCount();
  doc.getPages().forEach((page, i) => {
    drawFooter(ctx, page, i + 1, total);
  });

  const form = doc.getForm();
  const marker = form.createTextField(VERSION_FIELD);
  marker.setText(opts.version);
  marker.addToPage(cover, { x: 0, y: 0, width: 0, height: 0, hidden: true, borderWidth: 0, font: text });
  marker.enableReadOnly();
  // Viewers that redraw a field as it is typed in look up the font named in /DA in /DR.
  const acroForm = form.acroForm.dict;
  acroForm.set(PDFName.of('DR'), doc.context.obj({ Font: { [text.name]: text.ref } }));
  acroForm.set(PDFName.of('DA'), PDFString.of(`/${text.name} ${FIELD_FONT} Tf 0 g`));
  form.updateFieldAppearances(text);
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

function setMetadata(doc: PDFDocument, opts: RenderOptions) {
  doc.setTitle(JOURNAL_TITLE, { showInWindowTitleBar: true });
  doc.setSubject(JOURNAL_SUBTITLE);
  doc.setAuthor('GNology');
  doc.setCreator('GNology');
  doc.setProducer('GNology');
  doc.setKeywords([JOURNAL_MARKER, `version ${opts.version}`, opts.paper]);
  doc.setLanguage('en');
  doc.setCreationDate(BUILT_AT);
  doc.setModificationDate(BUILT_AT);
}

function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** Draws wrapped text from `y` (its first baseline) down; returns the y below it. */
function paragraph(
  page: PDFPage,
  font: PDFFont,
  text: string,
  o: { x: number; y: number; size: number; width: number; leading: number; color: Color },
): number {
  let y = o.y;
  for (const line of wrap(font, text, o.size, o.width)) {
    page.drawText(line, { x: o.x, y, size: o.size, font, color: o.color });
    y -= o.leading;
  }
  return y;
}

function drawCover(ctx: Ctx, page: PDFPage) {
  const left = MARGIN_X;
  const contentWidth = ctx.width - 2 * MARGIN_X;
  let y = ctx.height - MARGIN_TOP - 30;
  page.drawText('GNOLOGY', { x: left, y, size: 9, font: ctx.text, color: SOFT });
  y -= 44;
  page.drawText(JOURNAL_TITLE, { x: left, y, size: 34, font: ctx.heading, color: INK });
  y -= 24;
  page.drawText(JOURNAL_SUBTITLE, { x: left, y, size: 13, font: ctx.text, color: SOFT });
  y -= 18;
  page.drawLine({ start: { x: left, y }, end: { x: ctx.width - MARGIN_X, y }, thickness: 1.2, color: INK });

  y -= 34;
  page.drawText('How to use this journal', { x: left, y, size: 15, font: ctx.heading, color: INK });
  y -= 20;
  HOW_TO_USE.forEach((step, i) => {
    page.drawText(`${i + 1}`, { x: left, y, size: 10, font: ctx.heading, color: INK });
    y =
      paragraph(page, ctx.text, step, {
        x: left + 18,
        y,
        size: 9.5,
        width: contentWidth - 18,
        leading: 13.5,
        color: INK,
      }) - 6;
  });

  y -= 16;
  page.drawText('Contents', { x: left, y, size: 15, font: ctx.heading, color: INK });
  y -= 20;
  for (const section of SECTIONS) {
    const label = `${section.number}.  ${section.title}`;
    const pageNo = String(section.number + 1);
    page.drawText(label, { x: left, y, size: 10, font: ctx.text, color: INK });
    const end = ctx.width - MARGIN_X;
    const numberWidth = ctx.text.widthOfTextAtSize(pageNo, 10);
    page.drawText(pageNo, { x: end - numberWidth, y, size: 10, font: ctx.text, color: INK });
    const dotsFrom = left + ctx.text.widthOfTextAtSize(label, 10) + 6;
    page.drawLine({
      start: { x: dotsFrom, y: y + 2 },
      end: { x: end - numberWidth - 6, y: y + 2 },
      thickness: 0.5,
      color: RULE,
      dashArray: [1, 3],
    });
    y -= 17;
  }

  y -= 18;
  const note =
    'Fill it in on screen in any PDF reader and save it, or print it and write by hand. Keep the saved file as it is: Gene reads the typed fields when you upload it. Dates: day, month, year (12 Mar 1850); abt, bef or aft for estimates.';
  const boxTop = y + 12;
  const lines = wrap(ctx.text, note, 9, contentWidth - 24);
  const boxHeight = lines.length * 13 + 16;
  page.drawRectangle({
    x: left,
    y: boxTop - boxHeight,
    width: contentWidth,
    height: boxHeight,
    color: TINT,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  paragraph(page, ctx.text, note, {
    x: left + 12,
    y: boxTop - 18,
    size: 9,
    width: contentWidth - 24,
    leading: 13,
    color: INK,
  });
}

function drawFooter(ctx: Ctx, page: PDFPage, pageNo: number, total: number) {
  const y = MARGIN_BOTTOM - 22;
  page.drawLine({
    start: { x: MARGIN_X, y: y + 12 },
    end: { x: ctx.width - MARGIN_X, y: y + 12 },
    thickness: 0.5,
    color: RULE,
  });
  const section = SECTIONS[pageNo - 2];
  const left = section
    ? `${JOURNAL_TITLE}  \u00b7  Section ${section.number}: ${section.short}`
    : `${JOURNAL_TITLE}  \u00b7  version ${ctx.version}  \u00b7  ${ctx.paper === 'a4' ? 'A4' : 'US Letter'}`;
  page.drawText(left, { x: MARGIN_X, y, size: 7.5, font: ctx.text, color: SOFT });
  const right = `Page ${pageNo} of ${total}`;
  page.drawText(right, {
    x: ctx.width - MARGIN_X - ctx.text.widthOfTextAtSize(right, 7.5),
    y,
    size: 7.5,
    font: ctx.text,
    color: SOFT,
  });
}

function drawSection(ctx: Ctx, section: SectionSpec) {
  const page = ctx.doc.addPage([ctx.width, ctx.height]);
  const left = MARGIN_X;
  const contentWidth = ctx.width - 2 * MARGIN_X;
  let y = ctx.height - MARGIN_TOP;
  page.drawText(`SECTION ${section.number} OF ${JOURNAL_SECTIONS}`, {
    x: left,
    y: y - 8,
    size: 7.5,
    font: ctx.text,
    color: SOFT,
  });
  y -= 38;
  // The section number in a box, then the title: the page is found at a glance when printed.
  page.drawRectangle({ x: left, y: y - 6, width: 28, height: 28, borderColor: INK, borderWidth: 1.2 });
  const num = String(section.number);
  page.drawText(num, {
    x: left + 14 - ctx.heading.widthOfTextAtSize(num, 15) / 2,
    y: y + 2.5,
    size: 15,
    font: ctx.heading,
    color: INK,
  });
  page.drawText(section.title, { x: left + 40, y: y + 1, size: 20, font: ctx.heading, color: INK });
  y -= 18;
  page.drawLine({ start: { x: left, y }, end: { x: ctx.width - MARGIN_X, y }, thickness: 1, color: INK });
  y -= 18;
  for (const block of section.blocks) y = drawBlock(ctx, page, block, { left, width: contentWidth, y });
}

function drawBlock(ctx: Ctx, page: PDFPage, block: Block, at: { left: number; width: number; y: number }): number {
  switch (block.kind) {
    case 'guidance':
      return (
        paragraph(page, ctx.text, block.text, {
          x: at.left,
          y: at.y,
          size: 9.5,
          width: at.width,
          leading: 13.5,
          color: INK,
        }) - 8
      );
    case 'subheading': {
      const y = at.y - 6;
      page.drawText(block.text, { x: at.left, y, size: 11.5, font: ctx.heading, color: INK });
      return y - 14;
    }
    case 'row':
      return drawRow(ctx, page, block.fields, at);
    case 'checklist':
      return drawChecklist(ctx, page, block.items, at);
    case 'table':
      return drawTable(ctx, page, block.table, at);
  }
}

function fieldHeight(ctx: Ctx, f: FieldSpec): number {
  return f.kind === 'multiline' ? Math.round((f.lines ?? 3) * ctx.lineStep + 6) : SINGLE_FIELD_HEIGHT;
}

const GAP = 10;

function drawRow(ctx: Ctx, page: PDFPage, fields: FieldSpec[], at: { left: number; width: number; y: number }): number {
  const usable = at.width - GAP * (fields.length - 1);
  const height = Math.max(...fields.map((f) => fieldHeight(ctx, f)));
  let x = at.left;
  for (const f of fields) {
    const w = usable * f.width;
    drawLabel(ctx, page, f, x, at.y, w);
    const top = at.y - 5;
    textField(ctx, page, {
      name: f.name,
      tooltip: f.label,
      x,
      y: top - height,
      width: w,
      height,
      multiline: f.kind === 'multiline',
      fontSize: FIELD_FONT,
      lines: f.lines,
    });
    x += w + GAP;
  }
  return at.y - 5 - height - 14;
}

function drawLabel(ctx: Ctx, page: PDFPage, f: FieldSpec, x: number, y: number, width: number) {
  page.drawText(f.label, { x, y, size: LABEL_FONT, font: ctx.text, color: SOFT });
  if (f.kind !== 'date') return;
  const hint = `(${DATE_HINT.split(',')[0]})`;
  const labelWidth = ctx.text.widthOfTextAtSize(f.label, LABEL_FONT);
  if (labelWidth + 6 + ctx.text.widthOfTextAtSize(hint, LABEL_FONT) <= width)
    page.drawText(hint, { x: x + labelWidth + 4, y, size: LABEL_FONT, font: ctx.text, color: FAINT });
}

interface BoxField {
  name: string;
  tooltip: string;
  x: number;
  y: number;
  width: number;
  height: number;
  multiline: boolean;
  fontSize: number;
  lines?: number;
  /** Table cells draw their own grid: no box. */
  box?: boolean;
}

/** A box (and writing lines for prose) on the page, and a transparent field over it. */
function textField(ctx: Ctx, page: PDFPage, f: BoxField) {
  if (f.box !== false) {
    page.drawRectangle({ x: f.x, y: f.y, width: f.width, height: f.height, borderColor: RULE, borderWidth: 0.75 });
    if (f.multiline) {
      // Just under each baseline of typed text (pdf-lib's first baseline is one line step below the top, less its 1 pt padding).
      for (let ly = f.y + f.height - 1 - ctx.lineStep - 2.5; ly > f.y + 3; ly -= ctx.lineStep) {
        page.drawLine({
          start: { x: f.x + INSET, y: ly },
          end: { x: f.x + f.width - INSET, y: ly },
          thickness: 0.4,
          color: WRITING_LINE,
        });
      }
    }
  }
  const field = ctx.doc.getForm().createTextField(f.name);
  if (f.multiline) field.enableMultiline();
  field.addToPage(page, {
    x: f.x + INSET,
    y: f.y,
    width: f.width - 2 * INSET,
    height: f.height,
    font: ctx.text,
    textColor: rgb(0, 0, 0),
    backgroundColor: undefined,
    borderColor: undefined,
    borderWidth: 0,
  });
  // After addToPage: that is what writes the /DA this size goes into.
  field.setFontSize(f.fontSize);
  field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(f.tooltip));
}

function drawChecklist(
  ctx: Ctx,
  page: PDFPage,
  items: SourceSpec[],
  at: { left: number; width: number; y: number },
): number {
  const rowHeight = 40;
  const labelWidth = at.width * 0.46;
  const notesX = at.left + labelWidth + GAP;
  const notesWidth = at.width - labelWidth - GAP;
  let y = at.y;
  page.drawText('Searched', { x: at.left, y, size: LABEL_FONT, font: ctx.text, color: SOFT });
  page.drawText('Where you looked, which years, what you found', {
    x: notesX,
    y,
    size: LABEL_FONT,
    font: ctx.text,
    color: SOFT,
  });
  y -= 6;
  page.drawLine({ start: { x: at.left, y }, end: { x: at.left + at.width, y }, thickness: 0.75, color: RULE });
  for (const item of items) {
    const top = y;
    const boxSize = 11;
    const boxY = top - 10 - boxSize;
    page.drawRectangle({
      x: at.left + 1,
      y: boxY,
      width: boxSize,
      height: boxSize,
      borderColor: INK,
      borderWidth: 0.9,
    });
    const check = ctx.doc.getForm().createCheckBox(`sources.${item.key}`);
    check.addToPage(page, {
      x: at.left + 1,
      y: boxY,
      width: boxSize,
      height: boxSize,
      textColor: rgb(0, 0, 0),
      backgroundColor: undefined,
      borderColor: undefined,
      borderWidth: 0,
    });
    check.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(`Searched: ${item.label}`));
    page.drawText(item.label, { x: at.left + 20, y: top - 18, size: 9.5, font: ctx.text, color: INK });
    page.drawText(item.hint, { x: at.left + 20, y: top - 30, size: 7.5, font: ctx.text, color: SOFT });
    textField(ctx, page, {
      name: `sourceNotes.${item.key}`,
      tooltip: `${item.label}: where you looked, which years, what you found`,
      x: notesX,
      y: top - rowHeight + 4,
      width: notesWidth,
      height: rowHeight - 8,
      multiline: true,
      fontSize: TABLE_FONT,
      box: false,
    });
    y -= rowHeight;
    page.drawLine({ start: { x: at.left, y }, end: { x: at.left + at.width, y }, thickness: 0.5, color: RULE });
  }
  return y - 18;
}

function drawTable(ctx: Ctx, page: PDFPage, table: TableSpec, at: { left: number; width: number; y: number }): number {
  const available = at.y - MARGIN_BOTTOM - 24 - 14;
  const rowHeight = Math.min(44, Math.floor(available / table.rows));
  const numberWidth = 16;
  const gridLeft = at.left + numberWidth;
  const gridWidth = at.width - numberWidth;
  let y = at.y;
  let x = gridLeft;
  for (const c of table.columns) {
    page.drawText(c.label, { x: x + 3, y, size: LABEL_FONT, font: ctx.text, color: SOFT });
    x += gridWidth * c.width;
  }
  y -= 6;
  const top = y;
  page.drawLine({ start: { x: gridLeft, y }, end: { x: at.left + at.width, y }, thickness: 0.9, color: INK });
  for (let r = 1; r <= table.rows; r++) {
    const rowTop = y;
    y -= rowHeight;
    page.drawText(String(r), { x: at.left, y: rowTop - 12, size: 7.5, font: ctx.text, color: FAINT });
    let cx = gridLeft;
    for (const c of table.columns) {
      const w = gridWidth * c.width;
      textField(ctx, page, {
        name: tableFieldName(table.prefix, r, c.key),
        tooltip: `${table.prefix === 'log' ? 'Research log' : 'Correspondence'}, line ${r}: ${c.label}`,
        x: cx + 1,
        y: y + 1,
        width: w - 2,
        height: rowHeight - 2,
        multiline: c.kind !== 'date',
        fontSize: TABLE_FONT,
        box: false,
      });
      cx += w;
    }
    page.drawLine({ start: { x: gridLeft, y }, end: { x: at.left + at.width, y }, thickness: 0.5, color: RULE });
  }
  // Column rules, light, so a printed log can be written in by hand.
  let vx = gridLeft;
  for (const c of table.columns.slice(0, -1)) {
    vx += gridWidth * c.width;
    page.drawLine({ start: { x: vx, y: top }, end: { x: vx, y }, thickness: 0.5, color: RULE });
  }
  return y - 14;
}
