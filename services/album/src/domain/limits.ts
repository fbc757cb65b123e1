import { ALBUM_MAX_PHOTOS, type PhotoInfo } from '@gnology/contracts';
import { PRINT_DPI, STYLE_LAYOUTS } from './layout';

/**
 * An album's limits (issue 29, point 8; decision 0213): a photo once per album, a cap on the
 * pixels of the originals an album decodes, and a number of albums a user may start an hour.
 */

/** Pixels a photo needs in the largest photo box of any style, at print resolution (~3.3 MP). */
export const PRINT_PIXELS_PER_PHOTO = Math.max(
  ...Object.values(STYLE_LAYOUTS).flatMap((l) =>
    l.slots.map((s) => Math.round((s.photo.width / 72) * PRINT_DPI) * Math.round((s.photo.height / 72) * PRINT_DPI)),
  ),
);

/** A phone camera's photo: what a family photo album is mostly made of. */
export const PHONE_PHOTO_PIXELS = 12_000_000;

/**
 * Pixels of all an album's originals together: the most photos an album holds, each a 12 MP
 * phone photo (about 3.7 times what the largest box prints at 300 dpi), i.e. 6 gigapixels.
 * Rendering decodes every original in full, so this bounds an album's work: 500 photos of
 * 120 MP (60 gigapixels) are ten times over, and at most 50 such photos fit.
 */
export const DEFAULT_ALBUM_MAX_TOTAL_PIXELS = ALBUM_MAX_PHOTOS * PHONE_PHOTO_PIXELS;

/** Albums a user may start in an hour (a fixed window from the first). */
export const DEFAULT_ALBUM_RATE_LIMIT_PER_HOUR = 20;
export const ALBUM_RATE_WINDOW_MS = 60 * 60_000;

/** The 1-based positions of the first photo named twice in the request, if any. */
export function firstDuplicate(ids: readonly string[]): [number, number] | undefined {
  const seen = new Map<string, number>();
  for (const [i, id] of ids.entries()) {
    const first = seen.get(id);
    if (first !== undefined) return [first + 1, i + 1];
    seen.set(id, i);
  }
  return undefined;
}

export function duplicatePhotoMessage([first, second]: [number, number]): string {
  return `A photo can be in an album only once: photos ${first} and ${second} are the same photo. Please remove the copy.`;
}

/** The pixels the documents service recorded for the photos (a photo not yet processed counts 0: the render checks it). */
export function knownPixels(photos: readonly Pick<PhotoInfo, 'width' | 'height'>[]): number {
  return photos.reduce((sum, p) => sum + (p.width && p.height ? p.width * p.height : 0), 0);
}

const megapixels = (pixels: number) =>
  (pixels / 1e6).toLocaleString('en-US', { maximumFractionDigits: pixels >= 1e9 ? 0 : 1 });

export function tooManyPixelsMessage(total: number, limit: number): string {
  return `This album's photos add up to ${megapixels(total)} megapixels, more than an album can print (at most ${megapixels(limit)} megapixels). Please leave some photos out or make a second album.`;
}

/** The same refusal from the render, which meets the originals' real sizes one by one. */
export function tooManyPixelsWhileRenderingMessage(limit: number): string {
  return `This album's photos add up to more megapixels than an album can print (at most ${megapixels(limit)} megapixels). Please leave some photos out or make a second album.`;
}

export function tooManyAlbumsMessage(limit: number, resetAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
  return `You can make at most ${limit} ${limit === 1 ? 'album' : 'albums'} an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Queue priority of a user's album (1 runs first): its place in the user's own line of unfinished
 * albums. The first waiting album of every user comes before anyone's second, and so on: albums are
 * taken round the users, and among equals in the order they were asked for.
 */
export function fairPriority(unfinishedOfUser: number): number {
  return Math.max(1, unfinishedOfUser);
}
