import sharp from 'sharp';
import { PermanentProcessingError } from '../../domain/processing';
import type { DocumentParser, ParseContext } from './types';

export const THUMBNAIL_SIZE = 150;

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
        throw new PermanentProcessingError(`The image could not be read: it is damaged or not really a JPG/PNG (${err.message}).`);
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
        throw new PermanentProcessingError(`The image could not be read: it is damaged or incomplete (${err.message}).`);
      });
    await ctx.progress({ step: 'ocr', page: 1, of: 1 });
    // The picture as it is seen: a phone photo stored sideways with an EXIF orientation of 5-8
    // is as wide as it is stored high. rotate() below turns it upright.
    const { width, height } = meta.autoOrient ?? { width: meta.width, height: meta.height };
    // Alpha flattened on white, 16-bit, palette and grey pictures all become 8-bit grey here.
    let prepared = open().rotate().flatten({ background: '#ffffff' }).greyscale().normalise();
    // Small pictures (phone crops) OCR far better at ~300 dpi letter size.
    const longest = Math.max(width, height);
    if (longest < 1600) prepared = prepared.resize({ width: width * 2, height: height * 2, kernel: 'lanczos3' });
    const png = await prepared.png({ compressionLevel: 1 }).toBuffer();
    const { text, words } = await ctx.ocr.recognize(png, { words: true });
    const clean = text.replace(/[ \t]+\n/g, '\n').trim();
    return { text: clean, thumbnail, ocrWords: words ?? [], pages: [{ pageNumber: 1, text: clean, ocr: true, imageKey: null, width, height }] };
  },
};
