import { ALBUM_MAX_PHOTOS } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import { PermanentAlbumError } from '../src/domain/errors';
import {
  DEFAULT_ALBUM_MAX_TOTAL_PIXELS,
  fairPriority,
  firstDuplicate,
  knownPixels,
  PRINT_PIXELS_PER_PHOTO,
  tooManyAlbumsMessage,
  tooManyPixelsMessage,
} from '../src/domain/limits';
import { renderAlbumPdf } from '../src/pdf/render-album';
import { syntheticPhoto } from './fixtures/photos';

/** Issue 29, point 8: the album's limits (decision 0213). */
describe('album limits', () => {
  it('finds the first photo named twice, by its places in the album', () => {
    expect(firstDuplicate(['a', 'b', 'c'])).toBeUndefined();
    expect(firstDuplicate(['a', 'b', 'a', 'b'])).toEqual([1, 3]);
    expect(firstDuplicate(Array.from({ length: 40 }, () => 'same'))).toEqual([1, 2]);
  });

  it('caps the pixels at 500 phone photos, a few times what the largest box prints', () => {
    // Classic's box, 427 × 440 pt at 300 dpi.
    expect(PRINT_PIXELS_PER_PHOTO).toBeGreaterThan(3_200_000);
    expect(PRINT_PIXELS_PER_PHOTO).toBeLessThan(3_400_000);
    expect(DEFAULT_ALBUM_MAX_TOTAL_PIXELS).toBe(ALBUM_MAX_PHOTOS * 12_000_000);
    // The album: 500 photos of 120 MP.
    const bomb = Array.from({ length: ALBUM_MAX_PHOTOS }, () => ({ width: 12_000, height: 10_000 }));
    expect(knownPixels(bomb)).toBeGreaterThan(DEFAULT_ALBUM_MAX_TOTAL_PIXELS);
    expect(knownPixels(bomb.slice(0, 50))).toBeLessThanOrEqual(DEFAULT_ALBUM_MAX_TOTAL_PIXELS);
    // A photo the documents service has not measured yet counts nothing here (the render checks it).
    expect(
      knownPixels([
        { width: null, height: null },
        { width: 10, height: 10 },
      ]),
    ).toBe(100);
    expect(tooManyPixelsMessage(knownPixels(bomb), DEFAULT_ALBUM_MAX_TOTAL_PIXELS)).toBe(
      "This album's photos add up to 60,000 megapixels, more than an album can print (at most 6,000 megapixels). Please leave some photos out or make a second album.",
    );
  });

  it('says when the hourly limit frees up, in whole minutes, at least one', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(tooManyAlbumsMessage(20, new Date('2026-01-01T10:42:10Z'), now)).toBe(
      'You can make at most 20 albums an hour. Please try again in 43 minutes.',
    );
    expect(tooManyAlbumsMessage(1, new Date('2026-01-01T10:00:05Z'), now)).toBe(
      'You can make at most 1 album an hour. Please try again in 1 minute.',
    );
  });

  it("places an album by its place in its owner's line", () => {
    expect(fairPriority(0)).toBe(1);
    expect(fairPriority(1)).toBe(1);
    expect(fairPriority(5)).toBe(5);
  });

  it('fails the render, before decoding it, at the original that takes the album past its pixels', async () => {
    const photo = await syntheticPhoto({ width: 800, height: 600, seed: 1 }); // 0.48 MP
    const opened: number[] = [];
    const input = (count: number) => ({
      title: 'Budget',
      description: '',
      style: 'minimal' as const,
      includeMetadata: false,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      maxTotalPixels: 1_200_000,
      photos: Array.from({ length: count }, (_, i) => ({
        name: `p${i}.jpg`,
        text: { caption: '', description: '', people: [], date: null, place: null },
        open: async () => {
          opened.push(i);
          return photo;
        },
      })),
    });
    const two = await renderAlbumPdf(input(2));
    expect(two.pageCount).toBe(2);
    opened.length = 0;
    const three = renderAlbumPdf(input(3));
    await expect(three).rejects.toBeInstanceOf(PermanentAlbumError);
    await expect(three).rejects.toThrow(
      "This album's photos add up to more megapixels than an album can print (at most 1.2 megapixels). Please leave some photos out or make a second album.",
    );
    expect(opened).toEqual([0, 1, 2]);
  });
});
