import type { Insertable, Updateable } from 'kysely';
import type { Db, ReservationsTable, Trx } from './schema';

/** The first answer given to a request id (a repeat returns it), and whose it is. */
export async function findReservationAnswer(trx: Trx, requestId: string) {
  return trx
    .selectFrom('reservations')
    .select(['user_id', 'response_status', 'response'])
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertReservation(trx: Trx, row: Insertable<ReservationsTable>): Promise<void> {
  await trx.insertInto('reservations').values(row).execute();
}

/** The account a reservation belongs to, read without a lock (the caller locks the account first). */
export async function reservationOwner(db: Db | Trx, requestId: string): Promise<string | undefined> {
  return (await db.selectFrom('reservations').select('user_id').where('request_id', '=', requestId).executeTakeFirst())
    ?.user_id;
}

/** The reservation's row, locked until the transaction ends. */
export async function lockReservationRow(trx: Trx, requestId: string) {
  return trx.selectFrom('reservations').selectAll().where('request_id', '=', requestId).forUpdate().executeTakeFirst();
}

export async function updateReservation(
  trx: Trx,
  requestId: string,
  set: Updateable<ReservationsTable>,
): Promise<void> {
  await trx.updateTable('reservations').set(set).where('request_id', '=', requestId).execute();
}

export async function readReservation(db: Db, requestId: string) {
  return db
    .selectFrom('reservations')
    .select(['status', 'amount', 'user_id'])
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Held reservations past their expiry, oldest first. */
export async function listExpiredHolds(db: Db, now: Date, batch: number) {
  return db
    .selectFrom('reservations')
    .select(['request_id', 'user_id'])
    .where('status', '=', 'held')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batch)
    .execute();
}
