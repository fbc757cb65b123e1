import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the album service beyond the common ones (shared/platform/src/service-env.ts). */
export const albumEnvSchema = z.object({});

export type AlbumConfig = ServiceEnv & z.infer<typeof albumEnvSchema>;
