import type { Readable } from 'node:stream';
import type { AlbumStyle } from '@gnology/contracts';
import { PDFDocument } from 'pdf-lib';
import { paginate } from '../domain/layout';
import type { PhotoText } from '../domain/photo-metadata';
import { fontLoader } from './fonts';
import { PermanentAlbumError } from '../domain/errors';
import { tooManyPixelsWhileRenderingMessage } from '../domain/limits';
import { preparePhoto, UnreadablePhotoError } from './prepare-photo';
import { STYLE_DESIGNS } from './styles';
import type { Fonts } from './theme';

export interface AlbumPhotoSource {
  /** The file's name, for an error message. */
  name: string;
  text: PhotoText;
  /** Opens the original photo's bytes. */
  open(): Promise<Readable | Buffer>;
}

export interface RenderAlbumInput {
  title: string;
  description: string;
  style: AlbumStyle;
  includeMetadata: boolean;
  createdAt: Date;
  photos: AlbumPhotoSource[];
  /** Called after each photo is placed, with the number placed so far. */
  onPlaced?(done: number): Promise<void> | void;
  signal?: AbortSignal;
  /**
   * Pixels of all the originals together (decision 0213): each original's size is read from its
   * header before it is decoded, and the album fails once the sum passes this.
   */
  maxTotalPixels?: number;
}

/**
 * Renders the album's PDF: a cover page, then the photos in order, as many a page as the style's
 * grid holds, with their words and a page number. Photos are prepared one at a time, so memory
 * holds one original at most (plus the resized JPEGs the PDF embeds).
 */
export async function renderAlbumPdf(input: RenderAlbumInput): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const design = STYLE_DESIGNS[input.style];
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.title);
  pdf.setSubject(input.description || 'A family photo album');
  pdf.setCreator('GNology');
  pdf.setProducer('GNology album service');
  pdf.setCreationDate(input.createdAt);
  const load = fontLoader(pdf);
  const fonts = Object.fromEntries(
    await Promise.all(design.fonts.map(async (name) => [name, await load(name)] as const)),
  ) as Fonts;

  const size: [number, number] = [design.layout.page.width, design.layout.page.height];
  design.cover(pdf.addPage(size), fonts, {
    title: input.title,
    description: input.description,
    dateLabel: input.createdAt.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
    photoCount: input.photos.length,
  });

  let done = 0;
  let pixels = 0;
  const admit = (more: number) => {
    pixels += more;
    if (input.maxTotalPixels !== undefined && pixels > input.maxTotalPixels)
      throw new PermanentAlbumError(tooManyPixelsWhileRenderingMessage(input.maxTotalPixels));
  };
  for (const indices of paginate(input.photos.length, design.layout.slots.length)) {
    const page = pdf.addPage(size);
    design.page(page, fonts, pdf.getPageCount());
    for (const [slotIndex, photoIndex] of indices.entries()) {
      input.signal?.throwIfAborted();
      const slot = design.layout.slots[slotIndex]!;
      const photo = input.photos[photoIndex]!;
      const prepared = await preparePhoto(await photo.open(), slot.photo, {
        fill: design.fill,
        treatment: design.treatment,
        admit,
      }).catch((e) => {
        if (e instanceof UnreadablePhotoError)
          throw new PermanentAlbumError(`The photo "${photo.name}" could not be read as an image.`);
        throw e;
      });
      const image = await pdf.embedJpg(prepared.jpeg);
      design.photo(page, image, prepared.rect, slot.photo, photoIndex);
      design.words(page, fonts, slot.text, photo.text, input.includeMetadata, prepared.rect);
      done++;
      await input.onPlaced?.(done);
    }
  }
  const bytes = await pdf.save({ objectsPerTick: 200 });
  return { bytes, pageCount: pdf.getPageCount() };
}
