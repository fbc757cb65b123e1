import { env } from '@gnology/platform/config';
import type { ServiceEnv } from '@gnology/platform/service-env';
import { z } from 'zod';
import { DEFAULT_ALBUM_MAX_TOTAL_PIXELS, DEFAULT_ALBUM_RATE_LIMIT_PER_HOUR } from './domain/limits';

/** Variables of the album service beyond the common ones (shared/platform/src/service-env.ts). */
export const albumEnvSchema = z.object({
  /** Albums one worker process renders at once (each holds one resized photo at a time, ~100–200 MB). */
  ALBUM_CONCURRENCY: env.int(1),
  /** How long `POST /api/albums/generate` without `Prefer: respond-async` waits for the PDF. */
  ALBUM_WAIT_TIMEOUT_MS: env.int(15 * 60_000),
  /** An album queued or rendering with no progress for this long is marked failed by the sweep. */
  ALBUM_STALE_MINUTES: env.int(30),
  /** Pixels of all an album's original photos together (decision 0213): 500 phone photos of 12 MP. */
  ALBUM_MAX_TOTAL_PIXELS: env.int(DEFAULT_ALBUM_MAX_TOTAL_PIXELS),
  /** Albums one user may start in an hour; past it `POST /api/albums/generate` answers 429 (decision 0213). */
  ALBUM_RATE_LIMIT_PER_HOUR: env.int(DEFAULT_ALBUM_RATE_LIMIT_PER_HOUR),
});

export type AlbumConfig = ServiceEnv & z.infer<typeof albumEnvSchema>;
