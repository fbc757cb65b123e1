/** Width of a string in points at a font size (pdf-lib's `font.widthOfTextAtSize`). */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';

/**
 * Breaks text into lines no wider than `maxWidth`, at spaces where possible (a word longer than
 * the line is cut by characters). Paragraph breaks are kept. At most `maxLines` lines: the last
 * one ends with an ellipsis when text was left out.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: Measure,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  let truncated = false;
  outer: for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      if (lines.length && lines[lines.length - 1] !== '') lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) {
        if (lines.length >= maxLines) {
          truncated = true;
          break outer;
        }
        lines.push(line);
      }
      line = word;
      // A word wider than the line: cut it into pieces that fit.
      while (measure(line) > maxWidth && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > maxWidth) cut--;
        if (lines.length >= maxLines) {
          truncated = true;
          break outer;
        }
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) {
      if (lines.length >= maxLines) {
        truncated = true;
        break;
      }
      lines.push(line);
    }
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  if (truncated && lines.length) lines[lines.length - 1] = ellipsize(lines[lines.length - 1]!, maxWidth, measure);
  return lines;
}

/** Shortens a line until it fits with an ellipsis at the end. */
export function ellipsize(line: string, maxWidth: number, measure: Measure): string {
  let s = line.trimEnd();
  while (s.length && measure(`${s}${ELLIPSIS}`) > maxWidth) s = s.slice(0, -1).trimEnd();
  return `${s}${ELLIPSIS}`;
}
