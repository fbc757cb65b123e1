import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * The book's typefaces, TrueType files from npm (Google Fonts, SIL Open Font License) that cover
 * Latin Extended, Cyrillic and Vietnamese, so "Łukasz", "Zoë" and "Nguyễn" print as written: Lora
 * for the text, Inter for headings. Lora is embedded subset; Inter whole, because fontkit's
 * subsetter drops most of Inter's glyphs (the album found the letters vanished:
 * services/album/src/pdf/fonts.ts). Lora has no Greek: Inter Regular, which has, is embedded as
 * the fallback only when the book's text needs it.
 */
const FILES = {
  body: '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf',
  italic: '@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf',
  bold: '@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf',
  boldItalic: '@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf',
  heading: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  fallback: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
} as const;

type FontKey = keyof typeof FILES;
export type BookFonts = Record<Exclude<FontKey, 'fallback'>, PDFFont> & { fallback?: PDFFont };

// Read once per process: the worker compiles many books with the same few files.
const cache = new Map<string, Buffer>();
function bytes(file: string): Buffer {
  let b = cache.get(file);
  if (!b) {
    b = readFileSync(require.resolve(file));
    cache.set(file, b);
  }
  return b;
}

const parsed = new Map<FontKey, { hasGlyphForCodePoint(cp: number): boolean }>();
function coverage(key: FontKey) {
  let f = parsed.get(key);
  if (!f) {
    f = fontkit.create(bytes(FILES[key])) as unknown as { hasGlyphForCodePoint(cp: number): boolean };
    parsed.set(key, f);
  }
  return f;
}

// Which PDF font is which file, so layout can ask whether a font has a character.
const keyOf = new WeakMap<PDFFont, FontKey>();

/** Whether `font` (one of the book's) has a glyph for the character. */
export function covers(font: PDFFont, ch: string): boolean {
  const key = keyOf.get(font);
  return key === undefined || coverage(key).hasGlyphForCodePoint(ch.codePointAt(0) ?? 0);
}

/** Whether the text has characters the text face lacks and the fallback has (Greek). */
export function needsFallback(text: string): boolean {
  const body = coverage('body');
  const fallback = coverage('fallback');
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp > 0x7f && !body.hasGlyphForCodePoint(cp) && fallback.hasGlyphForCodePoint(cp)) return true;
  }
  return false;
}

export async function embedBookFonts(pdf: PDFDocument, withFallback = false): Promise<BookFonts> {
  pdf.registerFontkit(fontkit);
  const keys = (Object.keys(FILES) as FontKey[]).filter((k) => k !== 'fallback' || withFallback);
  const entries = await Promise.all(
    keys.map(async (k) => {
      const font = await pdf.embedFont(bytes(FILES[k]), { subset: k !== 'heading' && k !== 'fallback' });
      keyOf.set(font, k);
      return [k, font] as const;
    }),
  );
  return Object.fromEntries(entries) as BookFonts;
}
