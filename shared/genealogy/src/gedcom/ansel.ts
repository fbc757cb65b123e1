/*
 * ANSEL (ANSI/NISO Z39.47), the character set GEDCOM 5.x files default to, with the GEDCOM
 * additions (5.5.1, appendix D). Bytes below 0x80 are ASCII. Its diacritics (0xE0–0xFE) come
 * BEFORE the letter they modify, Unicode's combining marks after it: a mark is held until its
 * base letter arrives, then the text is composed (NFC), so "0xE2 e" reads "é".
 */

const SPACING: Record<number, number> = {
  161: 0x0141, // Ł
  162: 0x00d8, // Ø
  163: 0x0110, // Đ
  164: 0x00de, // Þ
  165: 0x00c6, // Æ
  166: 0x0152, // Œ
  167: 0x02b9, // ʹ
  168: 0x00b7, // ·
  169: 0x266d, // ♭
  170: 0x00ae, // ®
  171: 0x00b1, // ±
  172: 0x01a0, // Ơ
  173: 0x01af, // Ư
  174: 0x02bc, // ʼ
  176: 0x02bb, // ʻ
  177: 0x0142, // ł
  178: 0x00f8, // ø
  179: 0x0111, // đ
  180: 0x00fe, // þ
  181: 0x00e6, // æ
  182: 0x0153, // œ
  183: 0x02ba, // ʺ
  184: 0x0131, // ı
  185: 0x00a3, // £
  186: 0x00f0, // ð
  188: 0x01a1, // ơ
  189: 0x01b0, // ư
  190: 0x25a1, // □ (GEDCOM: empty box)
  191: 0x25a0, // ■ (GEDCOM: black box)
  192: 0x00b0, // °
  193: 0x2113, // ℓ
  194: 0x2117, // ℗
  195: 0x00a9, // ©
  196: 0x266f, // ♯
  197: 0x00bf, // ¿
  198: 0x00a1, // ¡
  199: 0x00df, // ß (GEDCOM)
  200: 0x20ac, // € (GEDCOM)
  205: 0x0065, // midline e (GEDCOM)
  206: 0x006f, // midline o (GEDCOM)
  207: 0x00df, // ß (GEDCOM)
};

const COMBINING: Record<number, number> = {
  224: 0x0309, // hook above
  225: 0x0300, // grave
  226: 0x0301, // acute
  227: 0x0302, // circumflex
  228: 0x0303, // tilde
  229: 0x0304, // macron
  230: 0x0306, // breve
  231: 0x0307, // dot above
  232: 0x0308, // diaeresis (umlaut)
  233: 0x030c, // caron (hacek)
  234: 0x030a, // ring above
  235: 0xfe20, // ligature, left half
  236: 0xfe21, // ligature, right half
  237: 0x0315, // comma above right
  238: 0x030b, // double acute
  239: 0x0310, // candrabindu
  240: 0x0327, // cedilla
  241: 0x0328, // ogonek (right hook)
  242: 0x0323, // dot below
  243: 0x0324, // diaeresis below
  244: 0x0325, // ring below
  245: 0x0333, // double low line
  246: 0x0332, // low line
  247: 0x0326, // comma below
  248: 0x031c, // left half ring below
  249: 0x032e, // breve below
  250: 0xfe22, // double tilde, left half
  251: 0xfe23, // double tilde, right half
  254: 0x0313, // comma above
};

/** Decodes ANSEL bytes; bytes with no ANSEL meaning become U+FFFD and are counted. */
export function decodeAnsel(bytes: Uint8Array): { text: string; unknown: number } {
  const out: string[] = [];
  let marks: string[] = [];
  let unknown = 0;
  const emit = (ch: string) => {
    out.push(ch);
    if (marks.length) {
      // Several marks on one letter keep their order (as the Library of Congress's MARC-8 mapping does).
      out.push(...marks);
      marks = [];
    }
  };
  for (const b of bytes) {
    if (b < 0x80) {
      // A mark before a line break or control has no letter: keep it on a space rather than lose it.
      if (marks.length && (b === 0x0a || b === 0x0d)) emit(' ');
      emit(String.fromCharCode(b));
    } else if (COMBINING[b] !== undefined) {
      marks.push(String.fromCharCode(COMBINING[b]!));
    } else if (SPACING[b] !== undefined) {
      emit(String.fromCharCode(SPACING[b]!));
    } else {
      unknown++;
      emit('\uFFFD');
    }
  }
  if (marks.length) emit(' ');
  return { text: out.join('').normalize('NFC'), unknown };
}
