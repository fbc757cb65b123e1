import type { ReleaseResponse } from '@gnology/contracts';
import type { BillingDeps } from '../context';
import { remainingOf } from '../domain/account';
import { refundExpiryCharge, releaseHold } from '../domain/ledger';
import { toState } from '../store/accounts';
import { updateReservation } from '../store/reservations';
import type { Trx } from '../store/schema';
import { applyChange } from './account-change';
import { lockReservation } from './lock-reservation';
import type { MeteringContext } from './metering-context';

/** Gives back a reservation that will never be settled (the research request failed or was aborted). */
export async function release(
  deps: Pick<BillingDeps, 'db'>,
  requestId: string,
  ctx: MeteringContext,
): Promise<ReleaseResponse> {
  return deps.db.transaction().execute((trx) => releaseInTransaction(trx, requestId, ctx));
}

/** `release` inside a caller's transaction. An expired reservation's charge is given back too: the request failed. */
export async function releaseInTransaction(
  trx: Trx,
  requestId: string,
  ctx: MeteringContext,
): Promise<ReleaseResponse> {
  const { account, reservation } = await lockReservation(trx, requestId);
  const state = toState(account);
  if (reservation.status === 'expired' && reservation.expired_charge > 0) {
    const refund = refundExpiryCharge(state, reservation.expired_charge, requestId);
    await applyChange(trx, refund, ctx);
    await updateReservation(trx, requestId, { status: 'released', expired_charge: 0, closed_at: ctx.now });
    return { released: reservation.expired_charge, remaining: remainingOf(refund.next), status: 'released' };
  }
  if (reservation.status !== 'held') {
    const status = reservation.status === 'refused' ? 'released' : reservation.status;
    return { released: 0, remaining: remainingOf(state), status };
  }
  const change = releaseHold(state, reservation.amount);
  await applyChange(trx, change, ctx);
  await updateReservation(trx, requestId, { status: 'released', closed_at: ctx.now });
  return { released: reservation.amount, remaining: remainingOf(change.next), status: 'released' };
}
