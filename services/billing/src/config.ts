import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the billing service beyond the common ones (shared/platform/src/service-env.ts). */
export const billingEnvSchema = z.object({});

export type BillingConfig = ServiceEnv & z.infer<typeof billingEnvSchema>;
