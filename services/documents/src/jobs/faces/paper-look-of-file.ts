import sharp from 'sharp';
import { measurePaper, type PaperMeasure } from '../../domain/photos/paper-look';

/** The paper measure of an image file, on a 256 px downscale (a few ms even for 12 MP JPEGs: shrink-on-load). */
export async function measurePaperOf(file: string): Promise<PaperMeasure> {
  const { data, info } = await sharp(file, { failOn: 'error' })
    .rotate()
    .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measurePaper(data, info.width, info.height, info.channels);
}
