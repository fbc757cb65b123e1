import { env } from '@gnology/platform/config';
import type { ServiceEnv } from '@gnology/platform/service-env';
import { z } from 'zod';

/**
 * Variables of the billing service beyond the common ones (shared/platform/src/service-env.ts).
 * Without STRIPE_SECRET_KEY billing is off: plan changes apply at once and nothing is charged.
 */
export const billingEnvSchema = z.object({
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Recurring prices of the Professional plan ($100 a month, $1,044 a year). */
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  /** Optional metered price for overage, added to each new subscription so meter events are billed. */
  STRIPE_PRICE_OVERAGE: z.string().optional(),
  /** The billing meter's event name; each overage entry is reported as one meter event of its tokens. */
  STRIPE_METER_EVENT_NAME: z.string().default('gnology_overage_tokens'),
  /** Where the Stripe SDK sends requests (tests point it at a fake on loopback). Default: Stripe's API. */
  STRIPE_API_BASE: env.optionalUrl(),
  /** The public address of the web app, for Checkout's success and cancel pages and the portal's return. */
  APP_URL: z.url().default('http://localhost:8080'),
  /** A reservation never settled is released after this long (longer than the 30-minute book timeout). */
  RESERVATION_TTL_MINUTES: env.int(45),
  /**
   * Connections of the metering hot path's own pool. The fast path's batched statements use at
   * most 8 at once (4 per kind, many calls each: decision 0204); the locking path uses the rest.
   */
  METERING_POOL_SIZE: env.int(24),
  /** How often the worker role runs the maintenance sweep (expiry, period changes, overage reports). */
  BILLING_SWEEP_INTERVAL_MS: env.int(60_000),
});

export type BillingConfig = ServiceEnv & z.infer<typeof billingEnvSchema>;
