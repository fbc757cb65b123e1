import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let font: Promise<Uint8Array> | undefined;

/**
 * The searchable PDF's text-layer face: Inter, the product's own sans (OFL, from npm), which
 * covers Latin with its extensions (ß, ſ, ł, æ, accented letters), Greek, Cyrillic and
 * Vietnamese: every letter of the OCR languages offered. Read once per process; a failed read is
 * not kept, so the next request tries again.
 */
export function loadTextLayerFont(): Promise<Uint8Array> {
  font ??= (async () => {
    const require = createRequire(import.meta.url);
    return new Uint8Array(await readFile(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')));
  })();
  font.catch(() => {
    font = undefined;
  });
  return font;
}
