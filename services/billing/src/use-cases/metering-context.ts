import type { BillingDeps } from '../context';

/** What each metering use case needs besides the database: the time, the HTTP request and the rules' settings. */
export interface MeteringContext {
  now: Date;
  requestId?: string;
  /** Minutes until an unsettled reservation is released by the sweep. */
  ttlMinutes: number;
  /** Stripe is on: overage entries of accounts with a Stripe customer are queued for reporting. */
  billingOn: boolean;
}

export function meteringContext(
  deps: Pick<BillingDeps, 'config' | 'payments'>,
  now: Date,
  requestId?: string,
): MeteringContext {
  return { now, requestId, ttlMinutes: deps.config.RESERVATION_TTL_MINUTES, billingOn: deps.payments !== null };
}
