import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from '../people/domain/chart/render-pdf';
import type { JournalFonts } from '../journal/domain/render-pdf';

/*
 * The product's own type for the PDFs the service draws, read from the npm font packages (OFL):
 * Inter (text; full Unicode Latin with its extensions — ß, ſ, ł, æ, accented letters — Greek,
 * Cyrillic and Vietnamese: every letter of the OCR languages offered) and Source Serif 4
 * (headings). Each file is read once per process; a failed read is not kept, so the next request
 * tries again. File reading lives here, not in the use cases that draw with the faces.
 */

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<Uint8Array>>();

function loadFont(file: string): Promise<Uint8Array> {
  let font = loaded.get(file);
  if (!font) {
    font = readFile(require.resolve(file)).then((bytes) => new Uint8Array(bytes));
    loaded.set(file, font);
    font.catch(() => loaded.delete(file));
  }
  return font;
}

const INTER_REGULAR = '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf';
const INTER_SEMIBOLD = '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf';
const SOURCE_SERIF_SEMIBOLD = '@expo-google-fonts/source-serif-4/600SemiBold/SourceSerif4_600SemiBold.ttf';

/** The searchable PDF's text-layer face: Inter regular. */
export function loadTextLayerFont(): Promise<Uint8Array> {
  return loadFont(INTER_REGULAR);
}

/** The chart PDF's faces: Inter as the web page draws the chart (regular, and semibold for names). */
export async function loadChartFonts(): Promise<PdfFonts> {
  const [regular, bold] = await Promise.all([loadFont(INTER_REGULAR), loadFont(INTER_SEMIBOLD)]);
  return { regular, bold };
}

/** The journal's faces: Inter (text and fields) and Source Serif 4 (headings). */
export async function loadJournalFonts(): Promise<JournalFonts> {
  const [text, heading] = await Promise.all([loadFont(INTER_REGULAR), loadFont(SOURCE_SERIF_SEMIBOLD)]);
  return { text, heading };
}
