import type { Payments } from '../payments/stripe';
import type { Db } from '../store/schema';
import { applyDueTransitions } from './apply-due-transitions';
import { expireReservations } from './expire-reservations';
import { reportOverage } from './report-overage';

export interface SweepResult {
  expired: number;
  transitions: number;
  overageReported: number;
}

/** One maintenance pass of the worker role: expiry, then changes due by time, then overage reports. */
export async function sweep(db: Db, payments: Payments | null, now: Date): Promise<SweepResult> {
  const expired = await expireReservations(db, now);
  const transitions = await applyDueTransitions(db, now);
  const overageReported = await reportOverage(db, payments);
  return { expired, transitions, overageReported };
}
