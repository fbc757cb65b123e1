import { type Color, grayscale, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { JournalPaper } from '@gnology/contracts';

/*
 * What every part of the journal's drawing shares (render-pdf.ts): the page's measures, the inks,
 * the drawing context and wrapped text.
 */

export const MARGIN_X = 54;
export const MARGIN_TOP = 50;
export const MARGIN_BOTTOM = 50;

export const INK = grayscale(0.1);
export const SOFT = grayscale(0.32);
export const FAINT = grayscale(0.5);
export const RULE = grayscale(0.62);
export const WRITING_LINE = grayscale(0.82);
export const TINT = grayscale(0.94);

export const FIELD_FONT = 10;
export const TABLE_FONT = 8.5;
export const LABEL_FONT = 7.5;
/** Room around typed text inside a box. */
export const INSET = 3;
export const SINGLE_FIELD_HEIGHT = 20;
export const GAP = 10;

/** Where a block is drawn: its left edge, its width and the y it starts at. */
export interface At {
  left: number;
  width: number;
  y: number;
}

/** The drawing context: the document, its fonts and the page's size. */
export interface Ctx {
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

export function wrap(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
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
export function paragraph(
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
