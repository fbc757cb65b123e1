import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  clip,
  endPath,
  endText,
  PDFDocument,
  type PDFName,
  type PDFOperator,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { GlyphTable } from '../../../library/domain/searchable-pdf/glyphs';
import type { ChartLayout, Label } from './layout';
import { wedgePath } from './render-svg';

export type Paper = 'a4' | 'letter';

/*
 * Fonts are embedded whole: pdf-lib's subsetting of Inter dropped most glyphs (the text was still
 * extractable, but not drawn).
 */

/** Landscape sheets in points. */
const PAPER: Record<Paper, { w: number; h: number }> = {
  a4: { w: 841.89, h: 595.28 },
  letter: { w: 792, h: 612 },
};
const MARGIN = 28;
const HEADER = 22;
/**
 * Below this a box's name (13 units) prints under 4.5 pt: the chart is cut into sheets instead.
 * An 8-generation pedigree (1,984 units wide) still fits one A4 or Letter sheet's width at it.
 */
const MIN_SCALE = 4.5 / 13;
/** A small chart is enlarged to fill the sheet, up to names of 16 pt. */
const MAX_SCALE = 16 / 13;
/** The most sheets one chart PDF is cut into (a wall of paper past it; the SVG still has the whole chart). */
export const MAX_SHEETS = 40;
const MADE_AT = new Date('2026-11-01T00:00:00.000Z');
const FEATURES = { liga: false, calt: false, kern: false, dlig: false };

const hex = (h: string) =>
  rgb(
    Number.parseInt(h.slice(1, 3), 16) / 255,
    Number.parseInt(h.slice(3, 5), 16) / 255,
    Number.parseInt(h.slice(5, 7), 16) / 255,
  );
const INK = hex('#1c2a3a');
const MUTED = hex('#4a5868');
const LINE = hex('#8c7f66');
const FILL = { M: hex('#e8f0f8'), F: hex('#fbeef0'), U: hex('#f1ebdd') } as const;
const WHITE = rgb(1, 1, 1);

/** The chart would need more than MAX_SHEETS sheets: nothing is drawn. */
export class TooManySheets extends Error {
  constructor(readonly sheets: number) {
    super(`The chart would print on ${sheets} sheets (at most ${MAX_SHEETS})`);
    this.name = 'TooManySheets';
  }
}

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

interface Tile {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The chart on landscape sheets: scaled to fit one sheet when its names stay readable (at least
 * MIN_SCALE), else cut into the fewest columns and rows of sheets that keep them so, and enlarged
 * to fill that grid; each sheet has the chart's title and its place in the grid. Text is real
 * text (Inter, embedded), so a reader can search and copy names.
 */
export async function renderPdf(layout: ChartLayout, fonts: PdfFonts, paper: Paper = 'a4'): Promise<Uint8Array> {
  const sheet = PAPER[paper];
  const areaW = sheet.w - 2 * MARGIN;
  const areaH = sheet.h - 2 * MARGIN - HEADER;
  const fit = Math.min(MAX_SCALE, areaW / layout.width, areaH / layout.height);
  let scale = fit;
  if (fit < MIN_SCALE) {
    const across = Math.ceil((layout.width * MIN_SCALE) / areaW);
    const down = Math.ceil((layout.height * MIN_SCALE) / areaH);
    scale = Math.min((across * areaW) / layout.width, (down * areaH) / layout.height);
  }
  const tileW = areaW / scale;
  const tileH = areaH / scale;
  const columns = Math.ceil(layout.width / tileW - 1e-9);
  const rows = Math.ceil(layout.height / tileH - 1e-9);
  const pages = columns * rows;
  if (pages > MAX_SHEETS) throw new TooManySheets(pages);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(fonts.regular, { subset: false, features: FEATURES });
  const bold = await doc.embedFont(fonts.bold, { subset: false, features: FEATURES });
  const tables = { regular: new GlyphTable(regular), bold: new GlyphTable(bold) };
  doc.setTitle(layout.title, { showInWindowTitleBar: true });
  doc.setProducer('GNology');
  doc.setCreator('GNology');
  doc.setCreationDate(MADE_AT);
  doc.setModificationDate(MADE_AT);

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const page = doc.addPage([sheet.w, sheet.h]);
      const where = pages > 1 ? ` — sheet ${r * columns + c + 1} of ${pages} (row ${r + 1}, column ${c + 1})` : '';
      page.drawText(`${layout.title}${where}`, {
        x: MARGIN,
        y: sheet.h - MARGIN - 10,
        size: 10,
        font: bold,
        color: INK,
      });
      const tile = { x: c * tileW, y: r * tileH, w: tileW, h: tileH };
      // One sheet: the chart centred in the area; several: each tile from the area's corner.
      const inset =
        pages === 1
          ? { x: (areaW - layout.width * scale) / 2, y: (areaH - layout.height * scale) / 2 }
          : { x: 0, y: 0 };
      drawTile(
        page,
        layout,
        tile,
        scale,
        { regular: { font: regular, glyphs: tables.regular }, bold: { font: bold, glyphs: tables.bold } },
        { x: MARGIN + inset.x, top: sheet.h - MARGIN - HEADER - inset.y },
      );
    }
  }
  return doc.save({ useObjectStreams: true });
}

function drawTile(
  page: PDFPage,
  layout: ChartLayout,
  tile: Tile,
  s: number,
  fonts: Record<'regular' | 'bold', { font: PDFFont; glyphs: GlyphTable }>,
  origin: { x: number; top: number },
) {
  // The chart's point (0, 0) on the sheet, for drawSvgPath (whose y grows downwards).
  const ox = origin.x - tile.x * s;
  const oy = origin.top + tile.y * s;
  const toPdf = (x: number, y: number) => ({ x: ox + x * s, y: oy - y * s });
  const faces = {
    regular: {
      glyphs: fonts.regular.glyphs,
      key: page.node.newFontDictionary(fonts.regular.font.name, fonts.regular.font.ref),
    },
    bold: { glyphs: fonts.bold.glyphs, key: page.node.newFontDictionary(fonts.bold.font.name, fonts.bold.font.ref) },
  };
  const meets = (x: number, y: number, w: number, h: number) =>
    x < tile.x + tile.w && x + w > tile.x && y < tile.y + tile.h && y + h > tile.y;

  page.pushOperators(
    pushGraphicsState(),
    rectangle(origin.x, origin.top - tile.h * s, tile.w * s, tile.h * s),
    clip(),
    endPath(),
  );
  for (const l of layout.lines) {
    const xs = l.points.map((p) => p[0]);
    const ys = l.points.map((p) => p[1]);
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    if (!meets(minX - 1, minY - 1, Math.max(...xs) - minX + 2, Math.max(...ys) - minY + 2)) continue;
    const path = l.points.map(([x, y], i) => `${i ? 'L' : 'M'} ${x} ${y}`).join(' ');
    page.drawSvgPath(path, { x: ox, y: oy, scale: s, borderColor: LINE, borderWidth: 1.5 * s });
  }
  for (const w of layout.wedges) {
    const r = w.r1;
    if (!meets(layout.cx - r, layout.cy - r, 2 * r, r)) continue;
    const path = wedgePath(w, layout.cx, layout.cy);
    if (!w.person) {
      page.drawSvgPath(path, {
        x: ox,
        y: oy,
        scale: s,
        borderColor: LINE,
        borderWidth: s,
        borderDashArray: [4 * s, 3 * s],
      });
      continue;
    }
    page.drawSvgPath(path, {
      x: ox,
      y: oy,
      scale: s,
      color: FILL[w.person.sex],
      borderColor: INK,
      borderWidth: s,
      borderDashArray: w.repeated ? [5 * s, 3 * s] : undefined,
    });
    if (w.label) drawLabel(page, w.label, s, faces, toPdf);
  }
  for (const b of layout.boxes) {
    if (!meets(b.x, b.y, b.w, b.h)) continue;
    const root = b.generation === 0 && !b.spouse;
    page.drawSvgPath(`M ${b.x} ${b.y} h ${b.w} v ${b.h} h ${-b.w} Z`, {
      x: ox,
      y: oy,
      scale: s,
      color: b.spouse ? WHITE : FILL[b.person.sex],
      borderColor: root ? INK : LINE,
      borderWidth: (root ? 2 : 1.2) * s,
      borderDashArray: b.repeated ? [6 * s, 4 * s] : undefined,
    });
    drawLabel(page, b.label, s, faces, toPdf);
  }
  if (layout.note && meets(0, layout.note.y - 12, layout.width, 16)) drawLabel(page, layout.note, s, faces, toPdf);
  page.pushOperators(popGraphicsState());
}

/** A face with its glyph table, and its name in the current page's resources. */
interface Face {
  glyphs: GlyphTable;
  key: PDFName;
}

/**
 * Each line centred on the label's anchor, turned as the SVG turns it (clockwise there is
 * clockwise here). Written as text operators with the glyph table (each character shaped once per
 * document): page.drawText shapes every string again, which took most of an 8-generation PDF's second.
 */
function drawLabel(
  page: PDFPage,
  label: Label,
  s: number,
  faces: { regular: Face; bold: Face },
  toPdf: (x: number, y: number) => { x: number; y: number },
) {
  const t = (label.rotate * Math.PI) / 180;
  // PDF turns counter-clockwise with y up: the same turn on paper.
  const cos = Math.cos(-t);
  const sin = Math.sin(-t);
  const ops: PDFOperator[] = [pushGraphicsState(), beginText()];
  for (const line of label.lines) {
    if (!line.text) continue;
    const face = line.bold ? faces.bold : faces.regular;
    const size = line.size * s;
    const half = face.glyphs.width(line.text, size) / s / 2;
    // The line's start in chart units: (-half, dy) in the label's frame, turned by t (y down).
    const lx = -half;
    const ly = line.dy;
    const at = toPdf(label.x + lx * Math.cos(t) - ly * Math.sin(t), label.y + lx * Math.sin(t) + ly * Math.cos(t));
    ops.push(
      setFillingColor(line.bold ? INK : MUTED),
      setFontAndSize(face.key, size),
      setTextMatrix(cos, sin, -sin, cos, at.x, at.y),
      showText(face.glyphs.encode(line.text)),
    );
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}
