import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * The album's typefaces: TrueType files shipped inside npm packages (Google Fonts' Lora, Playfair
 * Display and Inter, SIL Open Font License), each covering Latin, Latin Extended and Vietnamese,
 * so "Łukasz", "Zoë", "Nguyễn" and "Søren" print as written. Lora and Playfair are embedded subset
 * (only the glyphs used); Inter is embedded whole (~180 KB a weight, compressed) because fontkit's
 * subsetter drops most of its glyphs (measured: the letters vanished from the page).
 */
const FONT_FILES = {
  loraRegular: '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf',
  loraItalic: '@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf',
  loraSemiBold: '@expo-google-fonts/lora/600SemiBold/Lora_600SemiBold.ttf',
  playfairRegular: '@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf',
  playfairItalic: '@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf',
  playfairBold: '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  interLight: '@expo-google-fonts/inter/300Light/Inter_300Light.ttf',
  interRegular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  interSemiBold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  interExtraBold: '@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

// Read once per process: a worker renders many albums with the same few files.
const bytesCache = new Map<FontName, Buffer>();

function fontBytes(name: FontName): Buffer {
  let bytes = bytesCache.get(name);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FONT_FILES[name]));
    bytesCache.set(name, bytes);
  }
  return bytes;
}

/** Embeds fonts into one document on first use. */
export function fontLoader(pdf: PDFDocument): (name: FontName) => Promise<PDFFont> {
  pdf.registerFontkit(fontkit);
  const embedded = new Map<FontName, Promise<PDFFont>>();
  return (name) => {
    let font = embedded.get(name);
    if (!font) {
      font = pdf.embedFont(fontBytes(name), { subset: !name.startsWith('inter') });
      embedded.set(name, font);
    }
    return font;
  };
}
