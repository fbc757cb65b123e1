import { sql } from 'kysely';
import type { AuthDb, AuthTrx } from './schema';

export interface PendingVerification {
  userId: string;
  phone: string;
  codeHash: string | null;
  expiresAt: Date;
  failedAttempts: number;
}

/** Replaces the user's pending code (a new code resets the wrong-try count). */
export async function savePendingCode(
  trx: AuthTrx,
  v: { userId: string; phone: string; codeHash: string | null; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('phone_verifications')
    .values({ user_id: v.userId, phone: v.phone, code_hash: v.codeHash, expires_at: v.expiresAt, failed_attempts: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        phone: v.phone,
        code_hash: v.codeHash,
        expires_at: v.expiresAt,
        failed_attempts: 0,
        created_at: sql`now()`,
      }),
    )
    .execute();
}

/** Locks the row so parallel guesses are counted one after the other. */
export async function pendingCodeForUpdate(trx: AuthTrx, userId: string): Promise<PendingVerification | undefined> {
  const row = await trx
    .selectFrom('phone_verifications')
    .select(['user_id', 'phone', 'code_hash', 'expires_at', 'failed_attempts'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      userId: row.user_id,
      phone: row.phone,
      codeHash: row.code_hash,
      expiresAt: row.expires_at,
      failedAttempts: row.failed_attempts,
    }
  );
}

export async function hasUsablePendingCode(
  db: AuthDb | AuthTrx,
  userId: string,
  maxAttempts: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('phone_verifications')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .where('failed_attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Boolean(row);
}

export async function countFailedAttempt(trx: AuthTrx, userId: string): Promise<void> {
  await trx
    .updateTable('phone_verifications')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

export async function deletePendingCode(trx: AuthTrx, userId: string): Promise<void> {
  await trx.deleteFrom('phone_verifications').where('user_id', '=', userId).execute();
}
