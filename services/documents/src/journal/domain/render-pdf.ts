import fontkit from '@pdf-lib/fontkit';
import { JOURNAL_SECTIONS, type JournalPaper } from '@gnology/contracts';
import { PDFDocument, type PDFPage, PDFName, PDFString } from 'pdf-lib';
import {
  type Block,
  JOURNAL_MARKER,
  JOURNAL_SUBTITLE,
  JOURNAL_TITLE,
  SECTIONS,
  type SectionSpec,
  VERSION_FIELD,
} from './layout';
import { drawCover, drawFooter } from './pdf-cover';
import { type At, type Ctx, FIELD_FONT, INK, MARGIN_TOP, MARGIN_X, paragraph, SOFT } from './pdf-draw';
import { drawChecklist, drawRow } from './pdf-fields';
import { drawTable } from './pdf-table';

/**
 * Draws the GNology Journal with pdf-lib: a cover, then one page per section, each with real
 * AcroForm fields over boxes drawn on the page (so a printed copy can be filled in by hand and
 * the boxes print whatever the reader does with widgets). Black and grey only: nothing is
 * carried by colour. Deterministic: fixed dates, no random ids, so a version's bytes never change.
 *
 * This file builds the document and its sections; pdf-cover.ts draws the cover and footers,
 * pdf-fields.ts the rows of fields and the checklist, pdf-table.ts the tables, all over the
 * drawing context of pdf-draw.ts.
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
/** Fixed so that the same version builds the same bytes (pdf-lib would write "now"). */
const BUILT_AT = new Date('2026-11-01T00:00:00.000Z');

/**
 * Inter's contextual alternates and ligatures cost most of a build in fontkit's shaping and add
 * little to a form's small text; kerning is left out for the same reason.
 */
const TEXT_FEATURES = { calt: false, liga: false, kern: false };

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

function drawBlock(ctx: Ctx, page: PDFPage, block: Block, at: At): number {
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
