import { notFound } from '@gnology/platform/http/errors';
import { lockAccount } from '../store/accounts';
import { lockReservationRow, reservationOwner } from '../store/reservations';
import type { Trx } from '../store/schema';

/** Finds a reservation and locks its account, then the reservation (always in that order: no deadlocks). */
export async function lockReservation(trx: Trx, requestId: string) {
  const userId = await reservationOwner(trx, requestId);
  if (!userId) throw notFound('No reservation exists for this request.');
  const account = await lockAccount(trx, userId);
  if (!account) throw new Error(`reservation ${requestId} has no account`);
  const reservation = await lockReservationRow(trx, requestId);
  if (!reservation) throw new Error(`reservation ${requestId} vanished while locking`);
  return { account, reservation };
}
