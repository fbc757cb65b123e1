/*
 * Text measured without a font file (the layout is pure): widths per character class, in ems,
 * a little over Inter's own so that a label that fits here fits when drawn in Inter or a fallback.
 */

export type Measure = (text: string, size: number, bold?: boolean) => number;

const NARROW = new Set("iljftrI.,;:'!|() ");
const WIDE = new Set('mwMWÆæŒœ@%');

export const estimateWidth: Measure = (text, size, bold = false) => {
  let ems = 0;
  for (const ch of text) {
    if (NARROW.has(ch)) ems += 0.32;
    else if (WIDE.has(ch)) ems += 0.9;
    else if (ch >= 'A' && ch <= 'Z') ems += 0.7;
    else if (ch >= '0' && ch <= '9') ems += 0.62;
    else ems += 0.58;
  }
  return ems * size * (bold ? 1.06 : 1);
};

export interface Fitted {
  text: string;
  /** The text had to be shortened: the drawing carries the full text in a <title>. */
  shortened: boolean;
}

/**
 * A name that fits `width`: as it is, else its middle names as initials ("John H. Whitfield"),
 * else every given name as an initial ("J. H. Whitfield"), else cut with an ellipsis.
 */
export function fitName(name: string, width: number, size: number, bold: boolean, measure: Measure): Fitted {
  const fits = (t: string) => measure(t, size, bold) <= width;
  if (fits(name)) return { text: name, shortened: false };
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > 2) {
    const initial = (w: string) => `${[...w][0]}.`;
    const middle = [words[0]!, ...words.slice(1, -1).map(initial), words.at(-1)!].join(' ');
    if (fits(middle)) return { text: middle, shortened: true };
  }
  if (words.length > 1) {
    const given = [...words.slice(0, -1).map((w) => `${[...w][0]}.`), words.at(-1)!].join(' ');
    if (fits(given)) return { text: given, shortened: true };
  }
  return cut(name, width, size, bold, measure);
}

/** `text` cut to fit with "…" (nothing at all when not even one letter fits). */
export function cut(text: string, width: number, size: number, bold: boolean, measure: Measure): Fitted {
  if (measure(text, size, bold) <= width) return { text, shortened: false };
  const chars = [...text];
  for (let n = chars.length - 1; n > 0; n--) {
    const t = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (measure(t, size, bold) <= width) return { text: t, shortened: true };
  }
  return { text: '', shortened: true };
}
