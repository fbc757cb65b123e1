import type { ServiceDeps } from '@gnology/platform/runtime';
import type { Kysely } from 'kysely';
import { createPhotoSource, type PhotoSource } from './clients/documents';
import type { AlbumConfig } from './config';
import type { AlbumDB } from './store/schema';

/**
 * What the album service's routes, use cases and jobs use: the platform's dependencies over the
 * album schema, plus the documents service seen as a source of photos.
 */
export type AlbumDeps = ServiceDeps<AlbumConfig> & {
  database: { db: Kysely<AlbumDB> };
  photos: PhotoSource;
};

/** Adds the album service's own pieces to the platform's dependencies (tests may pass their own photo source). */
export function createAlbumContext(deps: ServiceDeps<AlbumConfig>, photos?: PhotoSource): AlbumDeps {
  const base = deps as ServiceDeps<AlbumConfig> & { database: { db: Kysely<AlbumDB> } };
  return { ...base, photos: photos ?? createPhotoSource(deps.config) };
}
