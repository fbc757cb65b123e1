import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the documents service beyond the common ones (shared/platform/src/service-env.ts). */
export const documentsEnvSchema = z.object({});

export type DocumentsConfig = ServiceEnv & z.infer<typeof documentsEnvSchema>;
