import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from '../domain/chart/render-pdf';
import { loadTextLayerFont } from './searchable-pdf-font';

let semibold: Promise<Uint8Array> | undefined;

/**
 * The chart PDF's faces: Inter as the web page draws the chart (regular, and semibold for names),
 * the same npm files the searchable PDF embeds. Read once per process; a failed read is retried.
 */
export async function loadChartFonts(): Promise<PdfFonts> {
  semibold ??= (async () => {
    const require = createRequire(import.meta.url);
    return new Uint8Array(
      await readFile(require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf')),
    );
  })();
  semibold.catch(() => {
    semibold = undefined;
  });
  return { regular: await loadTextLayerFont(), bold: await semibold };
}
