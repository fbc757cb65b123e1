/**
 * "Neu¬ komm", "Ha¬ rold Lloyd", "Schon-⏎feld": words the typesetter broke at a line end, joined again. OCR that lays
 * a column's lines out as one keeps the "¬" and puts a space where the line ended. Only the "¬" and the soft hyphen
 * are joined across a space; a plain hyphen only across a line end, and always before a lower-case letter
 * ("Jean-⏎Pierre" stays two parts of one name).
 */
const BROKEN_WORD = /(?<=\p{L})(?:[¬\u00AD][ \t]*(?:\r?\n[ \t]*)?|-[ \t]*\r?\n[ \t]*)(?=\p{Ll})/gu;

/**
 * "R . Tiedemann", "C . F . Flach", "Dr . Hitze": an initial or an abbreviation whose full stop OCR or a tokenizer set
 * apart. Only after one capital (and up to three small letters) standing alone as a word.
 */
const SPACED_STOP = /(?<=(?:^|[\s(])\p{Lu}\p{Ll}{0,3})[ \t]+\.(?=[ \t])/gu;

/**
 * "la Volonté du Mort dePaul Léni", "les romans deBourget": OCR that lays a column's lines out as one sometimes drops
 * the space where the line ended, gluing a French "de", "du", "des" or "par" to the capital of the name after it, or to
 * the title before it ("deMM. Deschanel", "parM. Lorsy"). Only these short words, standing alone before the glue.
 */
const GLUED_BEFORE_NAME = /(?<=(?:^|[\s(,;:'’])(?:de|du|des|par))(?=\p{Lu}\p{Ll}|MM?\.[ \t]*\p{Lu})/gu;

/**
 * "Mary Mc. daniel", "Jno. Mc. kenzie": a clerk's "Mc." with its full stop, the rest of the surname after a space and
 * often in lower case. Read as the "Mc Daniel" the same hands write elsewhere; "Mc" is never a name alone.
 */
const CLERKS_MC = /(?<=(?:^|[\s(])Mc)\.?[ \t]+(\p{L})(?=\p{Ll})/gu;

/** The text with broken words joined and set-apart full stops put back, for the people and places readers. */
export const mendOcrSpacing = (text: string): string =>
  text
    .replace(BROKEN_WORD, '')
    .replace(SPACED_STOP, '.')
    .replace(GLUED_BEFORE_NAME, ' ')
    .replace(CLERKS_MC, (_m, first: string) => ` ${first.toUpperCase()}`);
