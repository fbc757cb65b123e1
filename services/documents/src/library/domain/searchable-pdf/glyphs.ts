import { type PDFFont, PDFHexString } from 'pdf-lib';

/**
 * A font's glyphs looked up one character at a time, each once. pdf-lib shapes every string with
 * fontkit (about 0.3 ms a word, three times per word here: 15,000 words took 14 s) and keeps every
 * glyph of every call. With shaping features off (no ligatures, no kerning) a word's glyphs are its
 * characters' glyphs and its width their sum, so each character is shaped once per document.
 * Shaping one character through the font still records its glyph for the widths and ToUnicode map.
 */
export class GlyphTable {
  private readonly codes = new Map<string, string>();
  private readonly widths = new Map<string, number>();
  private readonly covered: Set<number>;

  constructor(private readonly font: PDFFont) {
    this.covered = new Set(font.getCharacterSet());
  }

  /** Whether the font has a glyph for this character (one code point). */
  has(ch: string): boolean {
    return this.covered.has(ch.codePointAt(0)!);
  }

  /** The glyph ids of `text` (characters the font has), as a show-text operand. */
  encode(text: string): PDFHexString {
    let hex = '';
    for (const ch of text) hex += this.code(ch);
    return PDFHexString.of(hex);
  }

  /** The advance width of `text` at `size` points. */
  width(text: string, size: number): number {
    let sum = 0;
    for (const ch of text) {
      let w = this.widths.get(ch);
      if (w === undefined) {
        w = this.font.widthOfTextAtSize(ch, 1);
        this.widths.set(ch, w);
      }
      sum += w;
    }
    return sum * size;
  }

  private code(ch: string): string {
    let hex = this.codes.get(ch);
    if (hex === undefined) {
      hex = this.font.encodeText(ch).asString();
      this.codes.set(ch, hex);
    }
    return hex;
  }
}
