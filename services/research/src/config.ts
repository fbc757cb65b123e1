import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the research service beyond the common ones (shared/platform/src/service-env.ts). */
export const researchEnvSchema = z.object({});

export type ResearchConfig = ServiceEnv & z.infer<typeof researchEnvSchema>;
