import { sql } from 'kysely';
import type { AuthDb, AuthTrx } from './schema';

type Db = AuthDb | AuthTrx;

export interface Decoy {
  id: string;
  email: string;
  name: string | null;
  phone: string;
  codeSentAt: Date;
  resentAt: Date[];
  failedAttempts: number;
}

/** Decoys live a day: longer than any verification step, shorter than anyone's interest. */
const DECOY_LIFETIME = sql<Date>`now() - interval '1 day'`;

export async function insertDecoy(
  trx: AuthTrx,
  d: { id: string; email: string; name: string; phone: string },
): Promise<void> {
  await trx.deleteFrom('registration_decoys').where('created_at', '<', DECOY_LIFETIME).execute();
  await trx
    .insertInto('registration_decoys')
    .values({ id: d.id, email: d.email, name: d.name, phone: d.phone })
    .execute();
}

export async function findDecoy(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<Decoy | undefined> {
  let q = db
    .selectFrom('registration_decoys')
    .select(['id', 'email', 'name', 'phone', 'code_sent_at', 'resent_at', 'failed_attempts'])
    .where('id', '=', id)
    .where('created_at', '>', DECOY_LIFETIME);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      codeSentAt: row.code_sent_at,
      resentAt: row.resent_at,
      failedAttempts: row.failed_attempts,
    }
  );
}

export async function countDecoyFailure(trx: AuthTrx, id: string): Promise<void> {
  await trx
    .updateTable('registration_decoys')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A "new code" for the decoy: the same bookkeeping as a real resend, and no text sent. */
export async function resendDecoy(trx: AuthTrx, id: string): Promise<void> {
  await trx
    .updateTable('registration_decoys')
    .set({ code_sent_at: sql<Date>`now()`, resent_at: sql<Date[]>`array_append(resent_at, now())`, failed_attempts: 0 })
    .where('id', '=', id)
    .execute();
}
