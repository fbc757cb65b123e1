import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the auth service beyond the common ones (shared/platform/src/service-env.ts). */
export const authEnvSchema = z.object({});

export type AuthConfig = ServiceEnv & z.infer<typeof authEnvSchema>;
