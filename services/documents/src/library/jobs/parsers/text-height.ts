import sharp from 'sharp';
import type { OcrResult } from '../ocr-types';

/*
 * Issue 31, point 2: a small picture was enlarged 2× whatever its text, and short typewritten lines came back empty.
 * The scale now comes from the text itself: the height of its lines of ink, measured on the page, is brought to
 * what tesseract reads best (about 300 dpi body text), and an enlarged reading that comes out weak is compared with
 * the reading of the picture as it is.
 */

/** Height of a line of text, ascenders to descenders, that tesseract reads best: 10–12 pt at 300 dpi. */
export const TARGET_LINE_HEIGHT = 40;
/** Never enlarge more than this, nor past this many pixels on the longest side. */
const MAX_FACTOR = 4;
const MAX_SIDE = 4000;
/** An enlargement smaller than this changes nothing worth a second look. */
const MIN_FACTOR = 1.25;
/** Pictures this large (a page scanned at 200 dpi or more) are read as they are, whatever their print. */
const LARGE_SIDE = 1600;

/**
 * The median height, in pixels, of the picture's lines of ink (runs of rows that hold dark pixels), or null
 * when it has fewer than two such lines (a photo, a blank page).
 */
export async function measureLineHeight(image: Buffer): Promise<number | null> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const minInk = Math.max(2, Math.round(width * 0.003));
  const runs: number[] = [];
  let run = 0;
  for (let y = 0; y < height; y++) {
    let ink = 0;
    for (let x = 0; x < width; x++) if (data[(y * width + x) * channels]! < 128) ink++;
    if (ink >= minInk) run++;
    else {
      if (run >= 4 && run <= 200) runs.push(run);
      run = 0;
    }
  }
  if (run >= 4 && run <= 200) runs.push(run);
  if (runs.length < 2) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/** How much to enlarge a picture whose lines are `lineHeight` px high (1: not at all). */
export function enlargementFor(lineHeight: number | null, longestSide: number): number {
  if (lineHeight === null || lineHeight <= 0 || longestSide >= LARGE_SIDE) return 1;
  const factor = Math.min(MAX_FACTOR, TARGET_LINE_HEIGHT / lineHeight, MAX_SIDE / longestSide);
  return factor >= MIN_FACTOR ? factor : 1;
}

/**
 * How much to enlarge `image`, its longest side `longestSide` px: a picture too large to be enlarged is not measured
 * (issue 31 point 5: on a newspaper page the measure decoded every pixel only to be told so).
 */
export async function enlargementOf(image: Buffer, longestSide: number): Promise<number> {
  if (longestSide >= LARGE_SIDE) return 1;
  return enlargementFor(await measureLineHeight(image), longestSide);
}

/** Words of two letters or more read with some confidence. */
export function confidentWords(r: OcrResult): number {
  return r.words.filter((w) => w.confidence >= 60 && w.text.replace(/[^\p{L}\p{N}]/gu, '').length >= 2).length;
}

/** An enlarged reading this weak is compared with the reading at the picture's own size. */
export const weakReading = (r: OcrResult) => r.confidence < 60 || confidentWords(r) < 5;
