import sharp from 'sharp';
import { type OcrWord, wordsFromTsv } from '../../photos/domain/ocr-words';
import type { OcrResult, PageReader, PageReading } from './ocr-types';
import { confidentWords } from './parsers/text-height';
import { layoutOrder } from './reading-order';
import { estimateSkew } from './skew';

export type { Orientation } from './ocr-types';

/** A page read with at least this mean confidence, its words lying flat, is upright: no orientation check. */
const UPRIGHT_CONFIDENCE = 70;
/** OSD's own confidence below which its answer is not acted on (upright pages score 10–25, noise under 1). */
const MIN_OSD_CONFIDENCE = 1;
/** OSD reads a reduced page: 1,240 px wide (150 dpi for A4) tells orientation as well as 300 dpi, in half the time. */
const OSD_WIDTH = 1240;
/** tesseract ignores skew under this (radians, about 0.3°), and so do we. */
const MIN_SKEW = 0.005;
/** Our own measure (skew.ts) is acted on from this many degrees: below, tesseract straightens the page itself. */
const MIN_MEASURED_SKEW = 1;

/**
 * Reads a page the right way up (issue 14). Upright pages cost one recognition: tesseract's
 * automatic segmentation straightens a skew of a few degrees as it reads (`rotateAuto`). Only a
 * page that does not read well, or whose words stand on end, is looked at again: the orientation
 * model (OSD) for a quarter, half or three-quarter turn, then our own skew measure for a page laid
 * more crooked than tesseract straightens; each candidate is read and the best reading kept. The
 * image the words' boxes refer to comes back as `upright` whenever it differs from the input, so
 * the viewer shows the page as it was read.
 */
export async function readUpright(
  reader: PageReader,
  image: Buffer,
  opts: { langs: string; orient: boolean },
): Promise<OcrResult> {
  let best = await reading(reader, image, opts.langs, { rotation: 0, skew: 0 });
  // Issue 31 point 1: with `rotateAuto` tesseract.js can return nothing, at high confidence, for a clean typed page.
  // A page with ink that reads (almost) empty is read once more without it, and the better reading kept.
  if (nearlyEmpty(best) && (await hasInk(image))) {
    const plain = await reading(reader, image, opts.langs, { rotation: 0, skew: 0 }, false);
    if (better(plain, best)) best = plain;
  }
  if (!opts.orient || readsUpright(best)) return best;

  const { width = 0 } = await sharp(image).metadata();
  const small = width > OSD_WIDTH ? await sharp(image).resize({ width: OSD_WIDTH }).png().toBuffer() : image;
  const found = await reader.detectOrientation(small).catch(() => null);
  let base = image;
  if (found && found.degrees % 360 !== 0 && found.confidence >= MIN_OSD_CONFIDENCE) {
    const turned = await sharp(image).rotate(found.degrees).png().toBuffer();
    const second = await reading(reader, turned, opts.langs, { rotation: found.degrees, skew: 0 });
    if (better(second, best) || standingOnEnd(best.words)) [best, base] = [second, turned];
    if (readsUpright(best)) return best;
  }

  const angle = await estimateSkew(base);
  if (Math.abs(angle) < MIN_MEASURED_SKEW) return best;
  const level = await sharp(base).rotate(angle, { background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
  const third = await reading(reader, level, opts.langs, { rotation: best.rotation, skew: angle });
  return better(third, best) ? third : best;
}

/** Reads `image`, already turned by `given.rotation` and straightened by `given.skew` (then returned as `upright`). */
async function reading(
  reader: PageReader,
  image: Buffer,
  langs: string,
  given: { rotation: number; skew: number },
  rotateAuto = true,
): Promise<OcrResult> {
  const page: PageReading = await reader.recognize(image, langs, { rotateAuto });
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const radians = page.rotateRadians ?? 0;
  const straightened = Math.abs(radians) >= MIN_SKEW;
  const transformed = given.rotation !== 0 || given.skew !== 0;
  const upright = straightened
    ? (page.straightened ?? (await straighten(image, radians, width, height)))
    : transformed
      ? image
      : undefined;
  // Columns side by side read in layout order (issue 31 point 3); one column keeps tesseract's order.
  const laid = layoutOrder(page.tsv, width);
  return {
    text: laid?.text ?? page.text,
    confidence: page.confidence,
    words: laid?.words ?? wordsFromTsv(page.tsv),
    rotation: given.rotation,
    skew: +(given.skew + (straightened ? (radians * 180) / Math.PI : 0)).toFixed(2),
    width,
    height,
    upright,
  };
}

const better = (a: OcrResult, b: OcrResult) => confidentWords(a) > confidentWords(b);

/** Fewer than three confident words and a few letters at most: nothing a reader would call the page's text. */
const nearlyEmpty = (r: OcrResult) => confidentWords(r) < 3 && r.text.replace(/\s/g, '').length < 40;

/** Dark marks on a light page: ink a reading should have found (a blank page or a photo's mid-tones is not). */
async function hasInk(image: Buffer): Promise<boolean> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize({ width: 400, withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let dark = 0;
  let sum = 0;
  for (const v of data) {
    sum += v;
    if (v < 110) dark++;
  }
  const pixels = info.width * info.height;
  const share = dark / pixels;
  return sum / pixels > 150 && share > 0.002 && share < 0.35;
}

/** A page reads upright when it gives a few confident words, lying flat. */
function readsUpright(r: OcrResult): boolean {
  return r.confidence >= UPRIGHT_CONFIDENCE && confidentWords(r) >= 3 && !standingOnEnd(r.words);
}

/**
 * The image as tesseract read it after straightening: turned about its centre by the angle it
 * found, on the same canvas (leptonica's rotation keeps the size and brings in white), so the
 * words' boxes fall on the same pixels. The native reader (ocr-native.ts) hands its CLI the same.
 */
export async function straighten(image: Buffer, radians: number, width: number, height: number): Promise<Buffer> {
  const turned = await sharp(image)
    .rotate((radians * 180) / Math.PI, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.max(0, Math.round((turned.info.width - width) / 2));
  const top = Math.max(0, Math.round((turned.info.height - height) / 2));
  return sharp(turned.data, { raw: turned.info })
    .extract({
      left,
      top,
      width: Math.min(width, turned.info.width - left),
      height: Math.min(height, turned.info.height - top),
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Most words of three letters or more taller than wide: the page lies on its side. */
function standingOnEnd(words: readonly OcrWord[]): boolean {
  const long = words.filter((w) => w.text.replace(/[^\p{L}]/gu, '').length >= 3);
  if (long.length < 3) return false;
  return long.filter((w) => w.height > w.width).length > long.length / 2;
}
