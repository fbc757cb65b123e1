import sharp from 'sharp';
import { PermanentProcessingError } from '../../domain/processing';
import type { OcrResult } from '../ocr-types';
import { ocrPage } from './ocr-page';
import { confidentWords, enlargementOf, weakReading } from './text-height';
import type { DocumentParser, ParseContext } from './types';

export const THUMBNAIL_SIZE = 150;
/** Page images for the viewer: this wide (about 150 dpi for A4), JPEG. */
export const SCREEN_WIDTH = 1240;

/**
 * JPG and PNG: sharp reads the header first and refuses decompression bombs (pixel limit), then
 * auto-orients (EXIF), greys and normalises the picture for tesseract.js.
 */
export const imageParser: DocumentParser = {
  kinds: ['jpeg', 'png'],
  async parse(ctx: ParseContext) {
    const limit = ctx.limits.maxImagePixels;
    const meta = await sharp(ctx.path, { limitInputPixels: false })
      .metadata()
      .catch((err: Error) => {
        throw new PermanentProcessingError(
          `The image could not be read: it is damaged or not really a JPG/PNG (${err.message}).`,
        );
      });
    const pixels = (meta.width ?? 0) * (meta.height ?? 0);
    if (!meta.width || !meta.height) throw new PermanentProcessingError('The image could not be read: it has no size.');
    if (pixels > limit) {
      throw new PermanentProcessingError(
        `The image is too large to process (${meta.width} × ${meta.height} pixels; the limit is ${Math.round(limit / 1e6)} megapixels). Please scale it down and upload it again.`,
      );
    }
    const open = () => sharp(ctx.path, { limitInputPixels: limit, failOn: 'error' });
    await ctx.progress({ step: 'thumbnail' });
    const thumbnail = await open()
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer()
      .catch((err: Error) => {
        throw new PermanentProcessingError(
          `The image could not be read: it is damaged or incomplete (${err.message}).`,
        );
      });
    await ctx.progress({ step: 'ocr', page: 1, of: 1 });
    // The picture as it is seen: a phone photo stored sideways with an EXIF orientation of 5-8
    // is as wide as it is stored high. rotate() below turns it upright.
    const { width, height } = meta.autoOrient ?? { width: meta.width, height: meta.height };
    // Alpha flattened on white, 16-bit, palette and grey pictures all become 8-bit grey here, in one channel (sharp's
    // greyscale alone keeps three: three times the pixels to encode, hand over and decode; issue 31 point 5).
    const prepared = open().rotate().flatten({ background: '#ffffff' }).greyscale().normalise().toColourspace('b-w');
    const png = await prepared.png({ compressionLevel: 1 }).toBuffer();
    const read = await readAtTextSize(ctx, png, Math.max(width, height));
    const text = read.text.replace(/[ \t]+\n/g, '\n').trim();
    // Turned or straightened to be read: the viewer shows the page as it was read, and so does the thumbnail. A picture
    // in which nothing was read is a photograph, shown as uploaded: the native engine measures a slope on any picture,
    // and its grey, straightened copy made the gallery's photos grey and tilted.
    let imageKey: string | null = null;
    let size = { width, height };
    let shown = thumbnail;
    if (read.upright && confidentWords(read) >= 3) {
      const screen = await sharp(read.upright)
        .resize({ width: SCREEN_WIDTH, withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      imageKey = await ctx.storePageImage(1, screen.data);
      size = { width: screen.info.width, height: screen.info.height };
      shown = await sharp(screen.data)
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' })
        .jpeg({ quality: 80 })
        .toBuffer();
    }
    const page = { pageNumber: 1, text, ocr: true, imageKey, ...size, ...ocrPage(read) };
    return { text, thumbnail: shown, ocrWords: read.words, pages: [page] };
  },
};

/**
 * Reads the picture with its lines of text brought to the height tesseract reads best (text-height.ts): small
 * print is enlarged, large print is not; an enlarged reading that comes out weak is compared with the reading at
 * the picture's own size, and the one with more confident words kept.
 */
async function readAtTextSize(ctx: ParseContext, png: Buffer, longest: number): Promise<OcrResult> {
  const factor = await enlargementOf(png, longest);
  if (factor === 1) return ctx.ocr.recognize(png, { languages: ctx.languages });
  const { width = 0 } = await sharp(png).metadata();
  const enlarged = await sharp(png)
    .resize({ width: Math.round(width * factor), kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const read = await ctx.ocr.recognize(enlarged, { languages: ctx.languages });
  if (!weakReading(read)) return read;
  const plain = await ctx.ocr.recognize(png, { languages: ctx.languages });
  return confidentWords(plain) > confidentWords(read) ? plain : read;
}
