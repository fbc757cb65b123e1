import type { Readable } from 'node:stream';
import sharp, { type Metadata } from 'sharp';
import { fitContain, printPixels, type Rect, shouldFill } from '../domain/layout';

/** A photo ready to embed: a JPEG at print resolution and where it goes on the page. */
export interface PreparedPhoto {
  jpeg: Buffer;
  /** Where the image is drawn (inside, or exactly over, the slot's photo box). */
  rect: Rect;
}

export type Treatment = 'natural' | 'sepia';

/** Raised for a file that will never render (not a readable image): retrying cannot help. */
export class UnreadablePhotoError extends Error {}

// Refuse decompression bombs the same way the documents service does.
const MAX_INPUT_PIXELS = 120_000_000;
// A warm, half-strength sepia: old prints, not a filter effect.
const SEPIA_MIX = 0.55;
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

function sepiaMatrix(mix: number): [[number, number, number], [number, number, number], [number, number, number]] {
  const m = SEPIA.map((row, i) => row.map((v, j) => mix * v + (1 - mix) * (i === j ? 1 : 0)));
  return m as [[number, number, number], [number, number, number], [number, number, number]];
}

/**
 * Reads an original photo and makes the JPEG the page needs: turned upright (EXIF), sized to
 * 300 dpi at its printed size (a 12 MP original is never embedded as it is), cropped to the box
 * only when the style fills boxes and little would be lost, toned for the style, sRGB.
 */
export async function preparePhoto(
  original: Readable | Buffer,
  box: Rect,
  opts: {
    fill: boolean;
    treatment: Treatment;
    /** Told the original's pixels once its header is read, before it is decoded; may throw to refuse it. */
    admit?: (pixels: number) => void;
  },
): Promise<PreparedPhoto> {
  const input = Buffer.isBuffer(original) ? original : await collect(original);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (e) {
    throw new UnreadablePhotoError(`not a readable image (${(e as Error).message})`);
  }
  if (!meta.width || !meta.height) throw new UnreadablePhotoError('not a readable image (no size)');
  opts.admit?.(meta.width * meta.height);
  // EXIF orientations 5-8 turn the picture a quarter: width and height swap once it is upright.
  const quarter = (meta.orientation ?? 1) >= 5;
  const size = quarter ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };

  const fill = opts.fill && shouldFill(size.width, size.height, box);
  const rect = fill ? { ...box } : fitContain(size.width, size.height, box);
  // Filling crops the original to the box's proportions first: its pixels are limited by the crop.
  const cropped = fill ? croppedSize(size, box) : size;
  const target = printPixels(rect, cropped);

  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
    .rotate()
    // A crop keeps the top of a tall photo (heads) and the middle of a wide one.
    .resize({
      width: target.width,
      height: target.height,
      fit: fill ? 'cover' : 'fill',
      position: size.width / size.height < box.width / box.height ? 'top' : 'centre',
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
  if (opts.treatment === 'sepia') pipeline = pipeline.recomb(sepiaMatrix(SEPIA_MIX)).modulate({ brightness: 1.02 });
  try {
    const jpeg = await pipeline.jpeg({ quality: 82, chromaSubsampling: '4:2:0' }).toBuffer();
    return { jpeg, rect };
  } catch (e) {
    throw new UnreadablePhotoError(`not a readable image (${(e as Error).message})`);
  }
}

function croppedSize(size: { width: number; height: number }, box: Rect): { width: number; height: number } {
  const boxRatio = box.width / box.height;
  return size.width / size.height > boxRatio
    ? { width: Math.round(size.height * boxRatio), height: size.height }
    : { width: size.width, height: Math.round(size.width / boxRatio) };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
