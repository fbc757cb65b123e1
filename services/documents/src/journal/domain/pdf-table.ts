import type { PDFPage } from 'pdf-lib';
import { type TableSpec, tableFieldName } from './layout';
import { type At, type Ctx, FAINT, INK, LABEL_FONT, MARGIN_BOTTOM, RULE, SOFT, TABLE_FONT } from './pdf-draw';
import { textField } from './pdf-fields';

/* The journal's tables (research log, correspondence): numbered lines of cells, a field in each. */

export function drawTable(ctx: Ctx, page: PDFPage, table: TableSpec, at: At): number {
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
