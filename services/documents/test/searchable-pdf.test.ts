import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { groupLines } from '../src/library/domain/searchable-pdf/lines';
import { type PixelWord, writeSearchablePdf } from '../src/library/domain/searchable-pdf/write-pdf';
import { loadTextLayerFont } from '../src/fonts/product-fonts';
import { pdfInfo, pdfPagePng, pdfText } from './helpers/poppler';

/**
 * A page image with `lines` of text drawn on it (or only the boxes' words when `ink` is false),
 * and each word's box in the image's pixels, as OCR would give them, in reading order.
 */
function page(lines: string[], opts: { width?: number; height?: number; ink?: boolean; format?: 'png' | 'jpeg' } = {}) {
  const width = opts.width ?? 1240;
  const height = opts.height ?? 1754;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const px = 40;
  ctx.font = `${px}px "Liberation Serif"`;
  ctx.fillStyle = '#111111';
  const words: PixelWord[] = [];
  let y = 150;
  for (const line of lines) {
    let x = 150;
    for (const text of line.split(' ')) {
      const m = ctx.measureText(text);
      if (opts.ink !== false) ctx.fillText(text, x, y);
      words.push({
        text,
        left: x,
        top: Math.round(y - m.actualBoundingBoxAscent),
        width: Math.round(m.width),
        height: Math.round(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent),
      });
      x += m.width + ctx.measureText(' ').width;
    }
    y += px * 1.5;
  }
  const image = opts.format === 'jpeg' ? canvas.encode('jpeg', 90) : canvas.encode('png');
  return image.then((bytes) => ({ image: new Uint8Array(bytes), width, height, words }));
}

const squash = (s: string) => s.replace(/\f/g, '').trim();

describe('searchable PDF writer (issue 31, point 6)', () => {
  it('writes one page per image whose text pdftotext reads back word for word, line by line, in order', async () => {
    const font = await loadTextLayerFont();
    const first = await page([
      'Margaret Sullivan was baptised at Kilkenny',
      'Her father Patrick Sullivan was a cooper',
    ]);
    const second = await page(['Baptisms of the parish 1843'], { format: 'jpeg', width: 1754, height: 1240 });
    const pdf = await writeSearchablePdf([first, second], { font, title: 'baptism.png' });

    expect(squash(await pdfText(pdf, { page: 1 }))).toBe(
      'Margaret Sullivan was baptised at Kilkenny\nHer father Patrick Sullivan was a cooper',
    );
    expect(squash(await pdfText(pdf, { page: 2 }))).toBe('Baptisms of the parish 1843');
    // -layout keeps each line a line, and the words apart.
    const layout = (await pdfText(pdf, { layout: true, page: 1 })).split('\n').map((l) => l.trim().split(/\s+/));
    expect(layout.filter((l) => l[0]).map((l) => l.join(' '))).toEqual([
      'Margaret Sullivan was baptised at Kilkenny',
      'Her father Patrick Sullivan was a cooper',
    ]);

    // A portrait scan fits an A4 page at its own aspect; a landscape one a landscape A4 page.
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.height).toBeCloseTo(841.89, 0);
    expect(info.width / info.height).toBeCloseTo(1240 / 1754, 3);
  });

  it('keeps words with ß, é, ſ and other Latin letters, and never drops a word the font cannot draw', async () => {
    const font = await loadTextLayerFont();
    const scan = await page(['Straße Café Łódź Müller', 'Mayſtraße naïve Ærø 王 Wang']);
    const pdf = await writeSearchablePdf([scan], { font });
    expect(squash(await pdfText(pdf))).toBe('Straße Café Łódź Müller\nMayſtraße naïve Ærø 王 Wang');
  });

  it('draws the page image full page and the words invisibly over it', async () => {
    const font = await loadTextLayerFont();
    // White page, words only in the text layer: the rendered page must stay white.
    const blank = await page(['Invisible words over a white page'], { ink: false });
    const hidden = await writeSearchablePdf([blank], { font });
    const { data: white, info } = await sharp(await pdfPagePng(hidden, 1, 100))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThan(500);
    expect(white.reduce((a, b) => Math.min(a, b), 255)).toBeGreaterThanOrEqual(250);
    // The scan's own ink is there, where it was on the image (dark pixels on the first line).
    const inked = await page(['Ink on the scan']);
    const shown = await writeSearchablePdf([inked], { font });
    const { data: grey, info: size } = await sharp(await pdfPagePng(shown, 1, 72))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scale = size.width / inked.width;
    const w = inked.words[0]!;
    let dark = 0;
    for (let y = Math.floor(w.top * scale); y < Math.ceil((w.top + w.height) * scale); y++)
      for (let x = Math.floor(w.left * scale); x < Math.ceil((w.left + w.width) * scale); x++)
        if (grey[y * size.width + x]! < 128) dark++;
    expect(dark).toBeGreaterThan(5);
  });

  it('refuses an image that is neither PNG nor JPEG', async () => {
    const font = await loadTextLayerFont();
    const gif = new Uint8Array(Buffer.from('GIF89a......'));
    await expect(writeSearchablePdf([{ image: gif, width: 10, height: 10, words: [] }], { font })).rejects.toThrow(
      /PNG or JPEG/,
    );
  });
});

describe('grouping words into lines', () => {
  const box = (text: string, left: number, top: number, width = 50, height = 20) => ({
    text,
    left,
    top,
    width,
    height,
  });

  it('starts a line where the next word sits lower or goes back to the left, and keeps OCR order', () => {
    const lines = groupLines([
      box('In', 10, 10),
      box('the', 70, 12, 40, 16),
      box('year', 120, 8, 50, 26),
      box('of', 10, 50),
      box('our', 70, 50),
      // A second column at the same height as the first line: a new line, since it goes back up.
      box('Lord', 400, 10),
    ]);
    expect(lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['In the year', 'of our', 'Lord']);
    expect(lines[0]).toMatchObject({ top: 8, bottom: 34, baseline: 30, height: 20 });
  });

  it('has no lines without words', () => {
    expect(groupLines([])).toEqual([]);
  });
});
