import type { PDFFont } from 'pdf-lib';
import type { Run } from '../../domain/manuscript';
import { covers } from './fonts';

/** A stretch of text drawn in one font: a word, a name kept whole, or a note's superscript number. */
export interface Piece {
  text: string;
  font: PDFFont;
  size: number;
  width: number;
  /** How far above the baseline (superscript note markers). */
  rise: number;
  /** The run it came from, so drawing it can record the page for the indexes. */
  run?: Run;
}

/** Pieces with no break between them ("Whitfield" + "," + "³"). */
export interface Word {
  pieces: Piece[];
  width: number;
}

export interface Line {
  words: Word[];
  /** Natural width: the words plus one space between each. */
  width: number;
  /** Left indent of this line (a paragraph's first line). */
  indent: number;
  /** The paragraph's last line is set ragged, not justified. */
  last: boolean;
}

export interface TextStyle {
  regular: PDFFont;
  italic: PDFFont;
  bold: PDFFont;
  boldItalic: PDFFont;
  size: number;
  /** Set for the characters the style's fonts lack (Greek in Lora). */
  fallback?: PDFFont;
}

// Widths are measured once per font, size and text: a 200-page book repeats its words a lot.
const widths = new WeakMap<PDFFont, Map<string, number>>();
export function measure(font: PDFFont, text: string, size: number): number {
  let m = widths.get(font);
  if (!m) {
    m = new Map();
    widths.set(font, m);
  }
  const key = `${size}|${text}`;
  let w = m.get(key);
  if (w === undefined) {
    w = font.widthOfTextAtSize(text, size);
    m.set(key, w);
  }
  return w;
}

function fontOf(style: TextStyle, r: Run): PDFFont {
  if (r.bold && r.italic) return style.boldItalic;
  if (r.bold) return style.bold;
  if (r.italic) return style.italic;
  return style.regular;
}

/**
 * Splits runs into words. A run that names a person or a place keeps a reference on each of its
 * pieces, so the page each piece is drawn on goes into the indexes; `continuesNamed` lets the
 * caller keep a name that wraps onto the next line on the same page. A note marker is a
 * superscript stuck to the word before it.
 */
export function words(runs: Run[], style: TextStyle): Word[] {
  const out: Word[] = [];
  let cur: Piece[] = [];
  const flush = () => {
    if (cur.length) out.push({ pieces: cur, width: cur.reduce((s, p) => s + p.width, 0) });
    cur = [];
  };
  const piece = (text: string, font: PDFFont, size: number, rise: number, run?: Run): Piece => ({
    text,
    font,
    size,
    rise,
    width: measure(font, text, size),
    ...(run ? { run } : {}),
  });
  for (const r of runs) {
    const font = fontOf(style, r);
    const named = r.person !== undefined || r.place !== undefined;
    for (const part of r.text.replace(/\s+/g, ' ').split(/( )/)) {
      if (part === ' ') flush();
      else if (part) cur.push(piece(part, wordFont(part, font, style.fallback), style.size, 0, named ? r : undefined));
    }
    if (r.note !== undefined) cur.push(piece(String(r.note), style.regular, style.size * 0.62, style.size * 0.36));
  }
  flush();
  return out;
}

/** Greedy line breaking (no hyphenation): as many words as fit, the first line indented. */
export function breakLines(ws: Word[], width: number, space: number, firstIndent = 0): Line[] {
  const lines: Line[] = [];
  let cur: Word[] = [];
  let curWidth = 0;
  let indent = firstIndent;
  for (const w of ws.flatMap((w) =>
    w.width > width - Math.max(firstIndent, 0) ? splitWide(w, width - firstIndent) : [w],
  )) {
    const add = cur.length ? space + w.width : w.width;
    if (cur.length && curWidth + add > width - indent) {
      lines.push({ words: cur, width: curWidth, indent, last: false });
      cur = [];
      curWidth = 0;
      indent = 0;
    }
    curWidth += cur.length ? space + w.width : w.width;
    cur.push(w);
  }
  if (cur.length) lines.push({ words: cur, width: curWidth, indent, last: true });
  return lines;
}

/** Whether a name or place at the end of `line` goes on at the start of `next` (keep both on one page). */
export function continuesNamed(line: Line, next: Line | undefined): boolean {
  if (!next) return false;
  const last = line.words.at(-1)?.pieces.at(-1)?.run;
  const first = next.words[0]?.pieces[0]?.run;
  return last !== undefined && last === first;
}

/**
 * A word wider than the line (a URL in a citation, a long record number) cut into pieces that
 * fit, at characters, preferring a cut after "/", "-", "." or "_" near the end of each piece.
 */
function splitWide(w: Word, width: number): Word[] {
  const out: Word[] = [];
  let pieces: Piece[] = [];
  let used = 0;
  const push = () => {
    if (pieces.length) out.push({ pieces, width: used });
    pieces = [];
    used = 0;
  };
  for (const p of w.pieces) {
    let rest = p.text;
    while (rest) {
      const room = width - used;
      if (measure(p.font, rest, p.size) <= room) {
        const width2 = measure(p.font, rest, p.size);
        pieces.push({ ...p, text: rest, width: width2 });
        used += width2;
        break;
      }
      let n = 0;
      while (n < rest.length && measure(p.font, rest.slice(0, n + 1), p.size) <= room) n++;
      if (n === 0) {
        if (pieces.length) {
          push();
          continue;
        }
        n = 1; // not even one character fits: set it anyway
      }
      const soft = Math.max(
        rest.lastIndexOf('/', n - 1),
        rest.lastIndexOf('-', n - 1),
        rest.lastIndexOf('.', n - 1),
        rest.lastIndexOf('_', n - 1),
      );
      const cut = soft >= n * 0.6 ? soft + 1 : n;
      const head = rest.slice(0, cut);
      const hw = measure(p.font, head, p.size);
      pieces.push({ ...p, text: head, width: hw });
      used += hw;
      push();
      rest = rest.slice(cut);
    }
  }
  push();
  return out;
}

/**
 * The font for a word: the style's, unless it lacks one of the word's characters and the fallback
 * has them all; then the whole word is set in the fallback (Lora has π and μ but not the rest
 * of Greek, and a word of two faces reads badly).
 */
function wordFont(text: string, font: PDFFont, fallback: PDFFont | undefined): PDFFont {
  if (!fallback || /^[ -~]*$/.test(text)) return font;
  const chars = [...text];
  return chars.some((ch) => !covers(font, ch)) && chars.every((ch) => covers(fallback, ch)) ? fallback : font;
}
