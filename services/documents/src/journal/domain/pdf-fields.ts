import { PDFHexString, PDFName, type PDFPage, rgb } from 'pdf-lib';
import { DATE_HINT, type FieldSpec, type SourceSpec } from './layout';
import {
  type At,
  type Ctx,
  FAINT,
  FIELD_FONT,
  GAP,
  INK,
  INSET,
  LABEL_FONT,
  RULE,
  SINGLE_FIELD_HEIGHT,
  SOFT,
  TABLE_FONT,
  WRITING_LINE,
} from './pdf-draw';

/* The journal's fields: rows of labelled boxes, the sources checklist, and the form field over each box. */

export function fieldHeight(ctx: Ctx, f: FieldSpec): number {
  return f.kind === 'multiline' ? Math.round((f.lines ?? 3) * ctx.lineStep + 6) : SINGLE_FIELD_HEIGHT;
}

export function drawRow(ctx: Ctx, page: PDFPage, fields: FieldSpec[], at: At): number {
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

export function drawLabel(ctx: Ctx, page: PDFPage, f: FieldSpec, x: number, y: number, width: number) {
  page.drawText(f.label, { x, y, size: LABEL_FONT, font: ctx.text, color: SOFT });
  if (f.kind !== 'date') return;
  const hint = `(${DATE_HINT.split(',')[0]})`;
  const labelWidth = ctx.text.widthOfTextAtSize(f.label, LABEL_FONT);
  if (labelWidth + 6 + ctx.text.widthOfTextAtSize(hint, LABEL_FONT) <= width)
    page.drawText(hint, { x: x + labelWidth + 4, y, size: LABEL_FONT, font: ctx.text, color: FAINT });
}

export interface BoxField {
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
export function textField(ctx: Ctx, page: PDFPage, f: BoxField) {
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

export function drawChecklist(ctx: Ctx, page: PDFPage, items: SourceSpec[], at: At): number {
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
