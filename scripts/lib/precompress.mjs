// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the web build, so
// the gateway (@fastify/static with preCompressed) sends them without compressing per request.
// Compressed once at build with the highest settings, which would be too slow per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, woff/woff2 and PDFs are compressed already, and source maps are not loaded by browsers. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(p);
    else yield p;
  }
}

/**
 * Compresses the files under `dir`; returns what it wrote, per file, for the build log and tests.
 * A copy is kept only when it is smaller than the original.
 */
export function precompress(dir) {
  const written = [];
  for (const file of [...filesUnder(dir)]) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}
