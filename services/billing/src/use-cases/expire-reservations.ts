import { chargeExpired } from '../domain/ledger';
import { lockAccount, toState } from '../store/accounts';
import { listExpiredHolds, lockReservationRow, updateReservation } from '../store/reservations';
import type { Db } from '../store/schema';
import { applyChange } from './account-change';

/**
 * Closes reservations whose request never settled nor released: each is CHARGED its held amount
 * (decision 0086). Research reports every end of a request through its outbox (`research.completed`,
 * failures included), so a reservation still open after the TTL belongs to a process that died,
 * possibly after the model answered; a completion that arrives later replaces the charge with
 * the real usage, and a failure report gives it back. Each runs in its own short transaction; a
 * reservation settled meanwhile is skipped.
 */
export async function expireReservations(db: Db, now: Date, batch = 200): Promise<number> {
  let expired = 0;
  for (const { request_id, user_id } of await listExpiredHolds(db, now, batch)) {
    const done = await db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, user_id);
      const r = await lockReservationRow(trx, request_id);
      if (!account || !r || r.status !== 'held') return false;
      const outcome = chargeExpired(toState(account), r.amount, request_id);
      await applyChange(trx, outcome, { now });
      await updateReservation(trx, request_id, { status: 'expired', expired_charge: outcome.charged, closed_at: now });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
