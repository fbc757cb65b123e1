import type { OcrWord } from '../../photos/domain/ocr-words';

/*
 * Issue 31, point 3: on an 1860 front page tesseract's own block order started with the subscription box; the
 * page is read masthead first, then its columns left to right, each top to bottom. Blocks that span most of the
 * page (a masthead, a headline across the columns) divide it into bands; in a band, the narrow blocks are read
 * column by column. A page with no two columns side by side keeps tesseract's order.
 */

interface Line {
  words: OcrWord[];
}
interface Block extends PageBox {
  paragraphs: Line[][];
}

/** A block this share of the page's width or wider spans the columns: a masthead or a headline. */
const WIDE = 0.6;

/** The page's text and words in layout order, or null when tesseract's order stands (one column). */
export function layoutOrder(
  tsv: string | null | undefined,
  pageWidth: number,
): { text: string; words: OcrWord[] } | null {
  const ordered = blocksInReadingOrder(blocksOf(tsv), pageWidth);
  if (!ordered) return null;
  const words = ordered.flatMap((b) => b.paragraphs.flatMap((p) => p.flatMap((l) => l.words)));
  const text = ordered
    .map((b) => b.paragraphs.map((p) => p.map((l) => l.words.map((w) => w.text).join(' ')).join('\n')).join('\n\n'))
    .join('\n\n');
  return { text, words };
}

/** A block of text on the page: its box, whatever it holds. */
export interface PageBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Blocks in reading order: bands divided by blocks spanning the page, each band's narrow blocks column by column.
 * Null when no two blocks stand side by side (one column: the source's own order stands). Used for OCR'd pages
 * (tesseract's blocks) and for PDF text layers (blocks built from the text items' positions, pdf-text-order.ts).
 */
export function blocksInReadingOrder<B extends PageBox>(blocks: readonly B[], pageWidth: number): B[] | null {
  if (blocks.length < 2 || pageWidth <= 0) return null;
  const wide = (b: B) => b.right - b.left >= WIDE * pageWidth;
  const spans = blocks.filter(wide).sort((a, b) => a.top - b.top);
  const narrow = blocks.filter((b) => !wide(b));
  // Bands: the columns above a spanning block are read before it, the blocks beside it (a masthead's ears) after it.
  // Above the first one, a box or two in a single column (a subscription box, a date line) are its ears too.
  const ordered: B[] = [];
  let sideBySide = false;
  let rest = narrow;
  const take = (band: B[]) => {
    rest = rest.filter((b) => !band.includes(b));
    const columns = byColumn(band);
    if (columns.length > 1) sideBySide = true;
    for (const column of columns) ordered.push(...column);
  };
  const centre = (b: B) => (b.top + b.bottom) / 2;
  spans.forEach((span, i) => {
    const above = rest.filter((b) => centre(b) < span.top);
    const ears = i === 0 && above.length <= 2 && byColumn(above).length <= 1;
    if (!ears) take(above);
    ordered.push(span);
    take(rest.filter((b) => centre(b) < span.bottom));
  });
  take(rest);
  return sideBySide ? ordered : null;
}

/** Narrow blocks grouped into columns (blocks whose horizontal extents overlap), left to right, each top down. */
function byColumn<B extends PageBox>(blocks: readonly B[]): B[][] {
  const columns: { left: number; right: number; blocks: B[] }[] = [];
  for (const b of [...blocks].sort((x, y) => x.left - y.left)) {
    const overlap = (c: { left: number; right: number }) =>
      Math.min(c.right, b.right) - Math.max(c.left, b.left) > 0.5 * Math.min(c.right - c.left, b.right - b.left);
    const column = columns.find(overlap);
    if (column) {
      column.blocks.push(b);
      column.left = Math.min(column.left, b.left);
      column.right = Math.max(column.right, b.right);
    } else columns.push({ left: b.left, right: b.right, blocks: [b] });
  }
  return columns.sort((a, b) => a.left - b.left).map((c) => c.blocks.sort((a, b) => a.top - b.top));
}

/** Blocks of tesseract's TSV (level 2 boxes) with their paragraphs, lines and words (level 5), in TSV order. */
function blocksOf(tsv: string | null | undefined): Block[] {
  if (!tsv) return [];
  const blocks = new Map<number, Block>();
  const lines = new Map<string, Line>();
  const paragraphs = new Map<string, Line[]>();
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, line] = cols.slice(0, 5).map(Number) as [number, number, number, number, number];
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    if (level === 2) {
      blocks.set(block, { left, top, right: left + width, bottom: top + height, paragraphs: [] });
      continue;
    }
    if (level !== 5) continue;
    const text = cols.slice(11).join('\t').trim();
    const confidence = Number(cols[10]);
    const b = blocks.get(block);
    if (!text || !b || !Number.isFinite(confidence) || confidence < 0) continue;
    const pKey = `${block}.${par}`;
    let p = paragraphs.get(pKey);
    if (!p) {
      p = [];
      paragraphs.set(pKey, p);
      b.paragraphs.push(p);
    }
    const lKey = `${pKey}.${line}`;
    let l = lines.get(lKey);
    if (!l) {
      l = { words: [] };
      lines.set(lKey, l);
      p.push(l);
    }
    l.words.push({ text, confidence, left, top, width, height });
  }
  return [...blocks.values()].filter((b) => b.paragraphs.length > 0);
}
