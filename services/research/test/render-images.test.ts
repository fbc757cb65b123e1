import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Manuscript } from '../src/domain/manuscript';
import { renderBook } from '../src/render';
import { readableImage } from '../src/render/image-check';
import { makePng, manuscript } from './render-fixture';

const JPEG = new Uint8Array(
  readFileSync(new URL('../../documents/test/fixtures/photos/astronaut.jpg', import.meta.url)),
);

describe('readableImage', () => {
  it('accepts a JPEG with a frame header and a PNG with its header', () => {
    expect(readableImage(JPEG, 'image/jpeg')).toBe(true);
    expect(readableImage(makePng(4, 3), 'image/png')).toBe(true);
  });

  it('refuses cut, empty or mislabelled bytes', () => {
    expect(readableImage(new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg')).toBe(false);
    expect(readableImage(JPEG.subarray(0, 100), 'image/jpeg')).toBe(false);
    expect(readableImage(new Uint8Array(0), 'image/jpeg')).toBe(false);
    expect(readableImage(JPEG, 'image/png')).toBe(false);
    expect(readableImage(makePng(4, 3), 'image/jpeg')).toBe(false);
  });
});

describe('a damaged photo', () => {
  // The compile must not fail on one bad file: the photo is left out, its caption (and names) stay.
  const base = manuscript({ chapters: 1, entries: 1, photos: false, chart: false });
  const m: Manuscript = {
    ...base,
    introduction: [
      {
        kind: 'photo',
        image: new Uint8Array([0xff, 0xd8, 0xff]),
        mime: 'image/jpeg',
        width: 800,
        height: 600,
        caption: [
          { text: 'Ada Lovelace', person: { id: 'x1', surname: 'Lovelace', given: 'Ada' } },
          { text: ' at home.' },
        ],
      },
    ],
  };

  it('leaves the PDF with the caption and no image', async () => {
    const doc = await PDFDocument.load(await renderBook(m, 'pdf'));
    expect(doc.getPageCount()).toBeGreaterThan(5);
  });

  it('leaves the EPUB with the caption and no image file', async () => {
    const files = unzipSync(await renderBook(m, 'epub'));
    expect(Object.keys(files).some((f) => f.startsWith('EPUB/images/'))).toBe(false);
    expect(strFromU8(files['EPUB/introduction.xhtml']!)).toMatch(
      /<p class="caption"><span id="ix-1">Ada Lovelace<\/span> at home\.<\/p>/,
    );
    expect(strFromU8(files['EPUB/index-names.xhtml']!)).toContain('Lovelace, Ada — <a href="introduction.xhtml#ix-1">');
  });

  it('leaves the DOCX with the caption and no picture', async () => {
    const bytes = await renderBook(m, 'docx');
    expect(Object.keys(unzipSync(bytes)).some((f) => f.startsWith('word/media/'))).toBe(false);
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
    expect(html).toContain('<p><a id="ix_1"></a>Ada Lovelace at home.</p>');
  });
});
