import { sql } from 'kysely';
import type { UserRecord } from '../domain/user';
import type { AuthDb, AuthTrx } from './schema';

type Db = AuthDb | AuthTrx;

const RECORD_COLUMNS = [
  'id',
  'email',
  'name',
  'plan',
  'is_test_user',
  'phone_verified',
  'token_version',
  'no_trial_reason',
] as const;

function toRecord(row: {
  id: string;
  email: string;
  name: string | null;
  plan: string;
  is_test_user: boolean;
  phone_verified: boolean;
  token_version: number;
  no_trial_reason: 'phone-already-used' | null;
}): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    isTestUser: row.is_test_user,
    phoneVerified: row.phone_verified,
    tokenVersion: row.token_version,
    noTrialReason: row.no_trial_reason,
  };
}

export interface UserWithSecrets extends UserRecord {
  passwordHash: string;
  phone: string;
}

export async function findUserByEmail(
  db: Db,
  email: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserWithSecrets | undefined> {
  let q = db
    .selectFrom('users')
    .select([...RECORD_COLUMNS, 'password_hash', 'phone'])
    .where('email', '=', email);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && { ...toRecord(row), passwordHash: row.password_hash, phone: row.phone };
}

export async function findUserById(
  db: Db,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserWithSecrets | undefined> {
  let q = db
    .selectFrom('users')
    .select([...RECORD_COLUMNS, 'password_hash', 'phone'])
    .where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && { ...toRecord(row), passwordHash: row.password_hash, phone: row.phone };
}

export async function tokenVersionOf(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirst();
  return row?.token_version;
}

/**
 * The version a session token of this id must carry: the account's, or 0 for a live registration
 * decoy (its token works exactly as far as an unverified account's does). Undefined: no such id.
 */
export async function sessionVersionOf(db: Db, id: string): Promise<number | undefined> {
  const version = await tokenVersionOf(db, id);
  if (version !== undefined) return version;
  const decoy = await db
    .selectFrom('registration_decoys')
    .select('id')
    .where('id', '=', id)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return decoy ? 0 : undefined;
}

export async function insertUser(
  trx: AuthTrx,
  u: {
    id: string;
    email: string;
    name: string;
    passwordHash: string;
    phone: string;
    promoCode: string | null;
    isTestUser: boolean;
  },
): Promise<UserRecord> {
  const row = await trx
    .insertInto('users')
    .values({
      id: u.id,
      email: u.email,
      name: u.name,
      password_hash: u.passwordHash,
      phone: u.phone,
      promo_code: u.promoCode,
      is_test_user: u.isTestUser,
    })
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** An unverified sign-up submitted again (Change Phone Number): new name, phone and code. */
export async function updatePendingRegistration(
  trx: AuthTrx,
  id: string,
  u: { name: string; phone: string },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ name: u.name, phone: u.phone, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markPhoneVerified(trx: AuthTrx, id: string): Promise<UserRecord> {
  const row = await trx
    .updateTable('users')
    .set({ phone_verified: true, updated_at: new Date() })
    .where('id', '=', id)
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/**
 * Claims the free trial of a verified E.164 number for this account (decision 0211): true when
 * the number had none yet. Two accounts claiming at once: the primary key lets one win, the
 * other waits for it to commit and finds the number taken.
 */
export async function claimTrial(trx: AuthTrx, phone: string, userId: string): Promise<boolean> {
  const row = await trx
    .insertInto('trial_claims')
    .values({ phone, user_id: userId })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('phone')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The account starts without the trial because its number had one: the plan shows basic at once
 * (billing moves the account there on user.phone-verified and confirms with subscription.changed;
 * `plan_changed_at` stays as it is so that event, and any later one, applies).
 */
export async function withholdTrial(trx: AuthTrx, id: string): Promise<UserRecord> {
  const row = await trx
    .updateTable('users')
    .set({ no_trial_reason: 'phone-already-used', plan: 'basic', updated_at: new Date() })
    .where('id', '=', id)
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Stores a new password hash and bumps the token version (every older session stops working). */
export async function changePasswordHash(trx: AuthTrx, id: string, passwordHash: string): Promise<UserRecord> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returning(RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Transparent upgrade of a hash made with older parameters (no token version change). */
export async function rehashPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/**
 * Applies billing's plan for a user unless a later plan change is already stored (events of one
 * user arrive in order on the bus, but a redelivery of an old one must not win).
 */
export async function applyPlan(trx: AuthTrx, id: string, plan: string, changedAt: Date): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set({ plan, plan_changed_at: changedAt, updated_at: new Date() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('plan_changed_at', 'is', null), eb('plan_changed_at', '<=', changedAt)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
