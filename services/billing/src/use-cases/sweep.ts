import type { BillingDeps } from '../context';
import { applyDueTransitions } from './apply-due-transitions';
import { expireReservations } from './expire-reservations';
import { reportOverage } from './report-overage';

export interface SweepResult {
  expired: number;
  transitions: number;
  overageReported: number;
}

/** One maintenance pass of the worker role: expiry, then changes due by time, then overage reports. */
export async function sweep(deps: Pick<BillingDeps, 'db' | 'payments'>, now: Date): Promise<SweepResult> {
  const expired = await expireReservations(deps.db, now);
  const transitions = await applyDueTransitions(deps.db, now);
  const overageReported = await reportOverage(deps.db, deps.payments);
  return { expired, transitions, overageReported };
}
