import { z } from 'zod';
import { AlbumStyle } from '../albums';

/** `album.generated` on gnology.albums.v1, keyed by album id: a printable album PDF is ready. */
export const ALBUMS_TOPIC = 'gnology.albums.v1';
export const ALBUM_GENERATED = 'album.generated';

export const AlbumGeneratedData = z.object({
  albumId: z.string(),
  ownerId: z.string(),
  title: z.string(),
  style: AlbumStyle,
  photoCount: z.number().int(),
  pageCount: z.number().int(),
  size: z.number().int(),
  generatedAt: z.string(),
});
export type AlbumGeneratedData = z.infer<typeof AlbumGeneratedData>;
