import { z } from 'zod';
import { ObjectId } from './common';
import { DateInfoItem, GeoInfoItem, PersonTag } from './documents';

/**
 * Albums API (docs/contract.md#entities, #validation, #api, #errors, #constants). `POST /api/albums/generate` takes the album request
 * and, as the spec says, answers with the PDF. Rendering runs as a job on the album service's worker
 * role; a client that sends `Prefer: respond-async` gets 202 with the album record at once and
 * follows `GET /api/albums/:id` (status and progress), then downloads `GET /api/albums/:id/pdf`.
 * Albums are kept: `GET /api/albums` lists them, newest first.
 */
export const ALBUM_STYLES = ['classic', 'modern', 'vintage', 'minimal'] as const;
export const AlbumStyle = z.enum(ALBUM_STYLES);
export type AlbumStyle = z.infer<typeof AlbumStyle>;

export const ALBUM_DEFAULT_TITLE = 'My Family Photo Album';
export const ALBUM_DEFAULT_STYLE: AlbumStyle = 'classic';
export const ALBUM_MAX_PHOTOS = 500;
export const ALBUM_NO_PHOTOS_MESSAGE = 'Please select images for your album';
export const ALBUM_TOO_MANY_PHOTOS_MESSAGE = `An album can hold at most ${ALBUM_MAX_PHOTOS} photos`;
export const ALBUM_SUCCESS_MESSAGE = 'Album generated successfully!';
export const ALBUM_FAILURE_MESSAGE = 'Failed to generate album. Please try again.';

export const AlbumPhoto = z.object({
  id: ObjectId,
  caption: z.string().max(300).default(''),
  description: z.string().max(4000).default(''),
  people: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
  date: z.string().max(100).optional(),
  location: z.string().max(300).optional(),
});
export type AlbumPhoto = z.infer<typeof AlbumPhoto>;

export const AlbumRequest = z.object({
  title: z.string().trim().max(200).default(ALBUM_DEFAULT_TITLE),
  description: z.string().max(4000).default(''),
  style: AlbumStyle.default(ALBUM_DEFAULT_STYLE),
  includeMetadata: z.boolean().default(true),
  photos: z.array(AlbumPhoto).min(1, ALBUM_NO_PHOTOS_MESSAGE).max(ALBUM_MAX_PHOTOS, ALBUM_TOO_MANY_PHOTOS_MESSAGE),
});
export type AlbumRequest = z.input<typeof AlbumRequest>;
export type ParsedAlbumRequest = z.output<typeof AlbumRequest>;

export const AlbumStatus = z.enum(['queued', 'rendering', 'completed', 'failed']);
export type AlbumStatus = z.infer<typeof AlbumStatus>;

export const AlbumRecord = z.object({
  id: ObjectId,
  title: z.string(),
  description: z.string(),
  style: AlbumStyle,
  includeMetadata: z.boolean(),
  status: AlbumStatus,
  /** Photos placed so far out of the album's photos (rendering progress). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  photoCount: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Size of the finished PDF in bytes. */
  size: z.number().int().nullable(),
  /** A message the user can read when status is failed. */
  error: z.string().nullable(),
  /** The download name: the title with every non-alphanumeric character replaced by `_`, plus `.pdf`. */
  fileName: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AlbumRecord = z.infer<typeof AlbumRecord>;

export const AlbumList = z.object({ albums: z.array(AlbumRecord) });
export type AlbumList = z.infer<typeof AlbumList>;

/** docs/contract.md#other-limits: the album is downloaded under its title with non-alphanumerics replaced by underscores. */
export function albumFileName(title: string): string {
  const base = (title.trim() || ALBUM_DEFAULT_TITLE).replace(/[^a-zA-Z0-9]/g, '_');
  return `${base}.pdf`;
}

/**
 * Internal (album → documents): `POST /internal/documents/photos` answers the metadata of the
 * user's own image documents among `ids`; unknown, foreign, deleted and non-image ids are absent.
 * The bytes come from `GET /internal/documents/:id/original?userId=`.
 */
export const PhotoLookupRequest = z.object({ userId: z.string().min(1), ids: z.array(ObjectId).max(ALBUM_MAX_PHOTOS) });
export type PhotoLookupRequest = z.infer<typeof PhotoLookupRequest>;

export const PhotoInfo = z.object({
  id: ObjectId,
  originalName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  peopleIdentified: z.array(PersonTag),
  dateInfo: z.array(DateInfoItem),
  geographicalInfo: z.array(GeoInfoItem),
  tags: z.array(z.string()),
});
export type PhotoInfo = z.infer<typeof PhotoInfo>;

export const PhotoLookupResponse = z.object({ photos: z.array(PhotoInfo) });
export type PhotoLookupResponse = z.infer<typeof PhotoLookupResponse>;
