import type { ReservationStatusResponse } from '@gnology/contracts';
import { notFound } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import { remainingOf } from '../domain/account';
import { toState } from '../store/accounts';
import { readReservation } from '../store/reservations';
import { currentAccount } from './current-account';

/** Whether a request's tokens are still held, and how many (a queued job checks before each model call). */
export async function reservationStatus(
  deps: Pick<BillingDeps, 'db'>,
  requestId: string,
  now: Date,
): Promise<ReservationStatusResponse> {
  const { db } = deps;
  const r = await readReservation(db, requestId);
  if (!r) throw notFound('No reservation exists for this request.');
  const s = toState(await currentAccount(db, r.user_id, { now }));
  return {
    status: r.status,
    amount: r.status === 'held' ? Number(r.amount) : 0,
    plan: s.plan,
    remaining: remainingOf(s),
  };
}
