import type { AlbumStyle } from '@gnology/contracts';
import { type Color, type PDFFont, type PDFImage, type PDFPage, setCharacterSpacing } from 'pdf-lib';
import type { PageLayout, Rect } from '../domain/layout';
import type { PhotoText } from '../domain/photo-metadata';
import { wrapText } from '../domain/text-wrap';
import type { FontName } from './fonts';
import type { Treatment } from './prepare-photo';

export type Fonts = Record<FontName, PDFFont>;

export interface CoverInfo {
  title: string;
  description: string;
  /** e.g. "November 23, 2026". */
  dateLabel: string;
  photoCount: number;
}

/** One album style: its grid, photo treatment, and how it draws each part of a page. */
export interface StyleDesign {
  style: AlbumStyle;
  fonts: FontName[];
  layout: PageLayout;
  /** Crop photos to fill their boxes (when little is lost) rather than fit them whole. */
  fill: boolean;
  treatment: Treatment;
  cover(page: PDFPage, f: Fonts, info: CoverInfo): void;
  /** Background, frame and page number of a photo page. */
  page(page: PDFPage, f: Fonts, pageNumber: number): void;
  /** Draws the photo (`index`: its place in the album, for styles that vary photo to photo). */
  photo(page: PDFPage, image: PDFImage, rect: Rect, box: Rect, index: number): void;
  /** The photo's words, in `box`; `photo` is where the photo was drawn (words may sit right under it). */
  words(page: PDFPage, f: Fonts, box: Rect, text: PhotoText, includeMetadata: boolean, photo: Rect): void;
}

/** One run of text in a flowed block. */
export interface TextRun {
  text: string;
  font: PDFFont;
  size: number;
  color: Color;
  /** Line height as a multiple of the size. Default 1.3. */
  leading?: number;
  /** Space above the run, in points. */
  before?: number;
  maxLines?: number;
  /** Extra space between characters (labels in capitals). */
  tracking?: number;
}

/**
 * Draws runs of text from the top of `box` down, wrapping each to the box's width, and stops at
 * the bottom (the last line that fits ends with an ellipsis). Returns the y below the last line.
 */
export function flowText(page: PDFPage, box: Rect, runs: TextRun[], align: 'left' | 'center' = 'left'): number {
  let y = box.y + box.height;
  for (const run of runs) {
    if (!run.text) continue;
    const leading = run.size * (run.leading ?? 1.3);
    y -= run.before ?? 0;
    const room = Math.floor((y - box.y) / leading);
    if (room < 1) break;
    const tracking = run.tracking ?? 0;
    const measure = (s: string) => run.font.widthOfTextAtSize(s, run.size) + tracking * Math.max(0, s.length - 1);
    const lines = wrapText(run.text, box.width, measure, Math.min(room, run.maxLines ?? room));
    for (const line of lines) {
      y -= leading;
      const width = measure(line);
      const x = align === 'center' ? box.x + (box.width - width) / 2 : box.x;
      drawLine(page, line, {
        x,
        y: y + (leading - run.size) / 2 + run.size * 0.2,
        font: run.font,
        size: run.size,
        color: run.color,
        tracking,
      });
    }
  }
  return y;
}

/** One line of text, with optional tracking (character spacing). */
export function drawLine(
  page: PDFPage,
  text: string,
  o: { x: number; y: number; font: PDFFont; size: number; color: Color; tracking?: number },
): void {
  if (o.tracking) page.pushOperators(setCharacterSpacing(o.tracking));
  page.drawText(text, { x: o.x, y: o.y, font: o.font, size: o.size, color: o.color });
  if (o.tracking) page.pushOperators(setCharacterSpacing(0));
}

/** Width of a line as drawLine draws it. */
export function lineWidth(text: string, font: PDFFont, size: number, tracking = 0): number {
  return font.widthOfTextAtSize(text, size) + tracking * Math.max(0, text.length - 1);
}

/** Draws a line of text centred on `cx`. */
export function drawCentred(
  page: PDFPage,
  text: string,
  cx: number,
  y: number,
  o: { font: PDFFont; size: number; color: Color; tracking?: number },
): void {
  drawLine(page, text, { ...o, x: cx - lineWidth(text, o.font, o.size, o.tracking) / 2, y });
}

/** "People: A, B", "Date: 1921", "Place: Kraków" as one line separated by middle dots. */
export function metadataSentence(lines: { label: string; value: string }[], separator = '  ·  '): string {
  return lines.map((l) => `${l.label}: ${l.value}`).join(separator);
}

export function photoCountLabel(n: number): string {
  return `${n} ${n === 1 ? 'photograph' : 'photographs'}`;
}

/** The part of `box` below `photo` less `gap`: words that follow the photo rather than the grid. */
export function belowPhoto(box: Rect, photo: Rect, gap: number): Rect {
  const top = Math.min(box.y + box.height, photo.y - gap);
  return { ...box, height: Math.max(0, top - box.y) };
}
