import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * The book's typefaces, TrueType files from npm (Google Fonts, SIL Open Font License) that cover
 * Latin Extended and Vietnamese, so "Łukasz", "Zoë" and "Nguyễn" print as written: Lora for the
 * text, Inter for headings. Lora is embedded subset; Inter whole, because fontkit's subsetter
 * drops most of Inter's glyphs (the album found the letters vanished: services/album/src/pdf/fonts.ts).
 */
const FILES = {
  body: '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf',
  italic: '@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf',
  bold: '@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf',
  boldItalic: '@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf',
  heading: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
} as const;

export type BookFonts = Record<keyof typeof FILES, PDFFont>;

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

export async function embedBookFonts(pdf: PDFDocument): Promise<BookFonts> {
  pdf.registerFontkit(fontkit);
  const entries = await Promise.all(
    (Object.keys(FILES) as (keyof typeof FILES)[]).map(
      async (k) => [k, await pdf.embedFont(bytes(FILES[k]), { subset: k !== 'heading' })] as const,
    ),
  );
  return Object.fromEntries(entries) as BookFonts;
}
