/**
 * "Neu¬ komm", "Ha¬ rold Lloyd", "Schon-⏎feld": words the typesetter broke at a line end, joined again. OCR that lays
 * a column's lines out as one keeps the "¬" and puts a space where the line ended. Only the "¬" and the soft hyphen
 * are joined across a space; a plain hyphen only across a line end, and always before a lower-case letter
 * ("Jean-⏎Pierre" stays two parts of one name).
 */
const BROKEN_WORD = /(?<=\p{L})(?:[¬\u00AD][ \t]*(?:\r?\n[ \t]*)?|-[ \t]*\r?\n[ \t]*)(?=\p{Ll})/gu;

export const joinBrokenWords = (text: string): string => text.replace(BROKEN_WORD, '');
