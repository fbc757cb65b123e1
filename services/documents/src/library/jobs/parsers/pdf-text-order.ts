import { blocksInReadingOrder, type PageBox } from '../reading-order';

/*
 * Issue 31, point 3, for PDFs with a text layer: pdf.js gives a page's text in the order its content stream draws
 * it, and a newspaper page set by some tools draws across the columns line by line, so the columns came out
 * interleaved. The items' positions make lines, the lines blocks, and the blocks are read as an OCR'd page's are
 * (reading-order.ts): spanning blocks divide the page into bands, each band column by column.
 */

/** A text item of pdf.js in page space, top-down: its string, left, top, width and height (points). */
export type PdfTextItem = [str: string, left: number, top: number, width: number, height: number];

interface TextLine extends PageBox {
  items: PdfTextItem[];
  height: number;
}
interface TextBlock extends PageBox {
  lines: TextLine[];
}

/** Two items on one baseline further apart than this many text heights are in different columns. */
const GUTTER = 0.9;
/** A line more than this many line heights below a block's last line starts a new block. */
const PARAGRAPH_GAP = 1.6;

/** The page's text in layout order, or null when the content stream's order stands (no columns side by side). */
export function pdfTextInOrder(items: readonly PdfTextItem[], pageWidth: number): string | null {
  const lines = linesOf(items.filter(([str, , , , height]) => str.trim() !== '' && height > 0));
  if (lines.length < 2) return null;
  const blocks = blocksOf(lines);
  // A table's columns (a census transcription, an index) are read across, row by row: only columns of running
  // text, whose lines fill their width, are read one after the other.
  const stacked = blocks.filter((b) => b.lines.length >= 3);
  const prose = stacked.filter(isProse);
  if (prose.length < 2 || prose.length * 2 < stacked.length) return null;
  const ordered = blocksInReadingOrder(blocks, pageWidth);
  if (!ordered) return null;
  return ordered.map((b) => b.lines.map(lineText).join('\n')).join('\n\n');
}

/** Items on one baseline and close together, left to right; lines top down. */
function linesOf(items: readonly PdfTextItem[]): TextLine[] {
  const sorted = [...items].sort((a, b) => a[2] + a[4] / 2 - (b[2] + b[4] / 2) || a[1] - b[1]);
  const lines: TextLine[] = [];
  for (const item of sorted) {
    const [, left, top, width, height] = item;
    const middle = top + height / 2;
    const line = lines.find(
      (l) =>
        Math.abs((l.top + l.bottom) / 2 - middle) < 0.5 * Math.min(l.height, height) &&
        left - l.right < GUTTER * Math.max(l.height, height) &&
        l.left - (left + width) < GUTTER * Math.max(l.height, height),
    );
    if (line) {
      line.items.push(item);
      line.left = Math.min(line.left, left);
      line.right = Math.max(line.right, left + width);
      line.top = Math.min(line.top, top);
      line.bottom = Math.max(line.bottom, top + height);
    } else lines.push({ items: [item], left, right: left + width, top, bottom: top + height, height });
  }
  for (const l of lines) l.items.sort((a, b) => a[1] - b[1]);
  return lines.sort((a, b) => a.top - b.top || a.left - b.left);
}

/** Lines stacked close under each other and overlapping across make a block (a paragraph, a column's run). */
function blocksOf(lines: readonly TextLine[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const line of lines) {
    const block = blocks.find((b) => {
      const last = b.lines[b.lines.length - 1]!;
      const overlap = Math.min(b.right, line.right) - Math.max(b.left, line.left);
      // A headline across the columns is no part of the column under it, nor a column's line part of the next one.
      return (
        line.top - last.bottom < PARAGRAPH_GAP * line.height &&
        line.top >= last.top &&
        overlap > 0.6 * Math.max(b.right - b.left, line.right - line.left)
      );
    });
    if (block) {
      block.lines.push(line);
      block.left = Math.min(block.left, line.left);
      block.right = Math.max(block.right, line.right);
      block.bottom = Math.max(block.bottom, line.bottom);
    } else blocks.push({ lines: [line], left: line.left, right: line.right, top: line.top, bottom: line.bottom });
  }
  return blocks;
}

/** Running text: lines of several words that mostly fill the block's width (a paragraph's last line may not). */
function isProse(block: TextBlock): boolean {
  const width = block.right - block.left;
  const full = block.lines.filter((l) => l.right - l.left >= 0.75 * width).length;
  const words = block.lines.reduce((n, l) => n + lineText(l).split(' ').length, 0);
  return full >= 0.6 * block.lines.length && words >= 4 * block.lines.length;
}

/** A line's items joined, a space between two that do not touch (pdf.js gives words or runs of words). */
function lineText(line: TextLine): string {
  let out = '';
  let right = Number.NEGATIVE_INFINITY;
  for (const [str, left, , width] of line.items) {
    if (out && !out.endsWith(' ') && !str.startsWith(' ') && left - right > 0.15 * line.height) out += ' ';
    out += str;
    right = left + width;
  }
  return out.replace(/\s+/g, ' ').trim();
}
