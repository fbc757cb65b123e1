import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentProcessingError } from '../src/library/domain/processing';
import { checkDocxArchive } from '../src/library/domain/zip-inspection';
import type { ParseContext } from '../src/library/jobs/parsers';
import { docxParser } from '../src/library/jobs/parsers/word';
import { docx } from './fixtures/generate';
import { lyingDocx, lyingPaddedDocx, lyingZipBombDocx, onePartZip, paddedDocumentXml } from './fixtures/zip-bomb';

const MB = 1024 * 1024;

/**
 * Issue 29, point 1: a DOCX is inflated with a running byte budget inside the memory-limited
 * parser thread, whatever sizes its central directory and local headers claim.
 */
describe('DOCX inflate budget', () => {
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gn-docx-budget-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The product's DOCX parser on `bytes`, with `budget` as DOCX_MAX_UNCOMPRESSED_MB. */
  const parse = async (bytes: Buffer, budget: number) => {
    const file = path.join(dir, `doc-${n++}.docx`);
    await writeFile(file, bytes);
    const ctx = {
      path: file,
      size: bytes.length,
      ocr: undefined as unknown as ParseContext['ocr'],
      languages: ['eng'],
      limits: { pdfPageLimit: 500, maxImagePixels: 120_000_000, docxMaxUncompressedBytes: budget },
      storePageImage: async () => {
        throw new Error('a Word file has no page images');
      },
      progress: async () => {},
      signal: new AbortController().signal,
    } satisfies ParseContext;
    return docxParser.parse(ctx);
  };

  it('refuses a 1 MB file that claims 4 KB and inflates to 1 GB, stopping at the budget', async () => {
    const bomb = lyingZipBombDocx(1024);
    expect(bomb.length).toBeLessThan(1.5 * MB);
    // The declared sizes are harmless: a check of the central directory lets it through.
    expect(checkDocxArchive(bomb, 16 * MB)).toEqual({ ok: true });

    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const refused = await parse(bomb, 16 * MB).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PermanentProcessingError);
    expect((refused as Error).message).toBe(
      'The DOCX file was refused: it expands to far more data than a document holds (a "zip bomb"); its parts expand to more than 16 MB.',
    );
    // Inflation stopped at the 16 MB budget: the gigabyte was never held by this process (its
    // parser threads included), whose peak resident memory grew by far less than the bomb.
    const peakAfter = process.resourceUsage().maxRSS * 1024;
    expect(peakAfter - peakBefore).toBeLessThan(256 * MB);
  }, 60_000);

  it('counts every part against one running budget, and reads a package that lies within it', async () => {
    // Two parts of 5 MB each, both claiming 4 KB: each fits an 8 MB budget, the two together do not.
    const padded = lyingPaddedDocx('John Smith was born 15 March 1850.', 5);
    expect(checkDocxArchive(padded, 8 * MB)).toEqual({ ok: true });
    await expect(parse(padded, 8 * MB)).rejects.toThrow(
      'The DOCX file was refused: it expands to far more data than a document holds (a "zip bomb"); its parts expand to more than 8 MB.',
    );
    // Within a 16 MB budget the same package is read, whatever its headers claim.
    const page = await parse(padded, 16 * MB);
    expect(page.text).toBe('John Smith was born 15 March 1850.');
  }, 60_000);

  it('still reads an ordinary DOCX', async () => {
    const page = await parse(docx('Mary Ellen Turner\nborn 1880 in Leeds'), 256 * MB);
    expect(page.text).toBe('Mary Ellen Turner\n\nborn 1880 in Leeds');
  });

  it('reads stored parts and ZIP64 sizes, and counts stored parts against the budget too', async () => {
    const xml = paddedDocumentXml('Anna Berg, born 1862', 64 * 1024);
    for (const method of [0, 8] as const) {
      for (const zip64 of [false, true]) {
        const page = await parse(onePartZip('word/document.xml', xml, { method, zip64 }), 16 * MB);
        expect(page.text, `method ${method}, zip64 ${zip64}`).toBe('Anna Berg, born 1862');
      }
    }
    // A stored part that claims 4 KB and holds 2 MB: no inflating, but its bytes count all the same.
    const stored = onePartZip('word/document.xml', paddedDocumentXml('Anna Berg', 2 * MB), {
      method: 0,
      zip64: false,
      claimedSize: 4096,
    });
    await expect(parse(stored, 1 * MB)).rejects.toThrow(/\(a "zip bomb"\); its parts expand to more than 1 MB\.$/);
  });

  it('fails a part whose compressed data is cut short with a readable error', async () => {
    const whole = deflateRawSync(paddedDocumentXml('Cut short', 64 * 1024));
    const cut = lyingDocx([{ name: 'word/document.xml', deflated: whole.subarray(0, whole.length - 20) }]);
    await expect(parse(cut, 16 * MB)).rejects.toThrow(
      /^The Word document could not be read: it is damaged or not really a DOCX file \(.+\)\.$/,
    );
  });
});
