import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ResearchDB } from './schema';

type Db = Kysely<ResearchDB>;

export interface SlotRequest {
  requestId: string;
  userId: string;
  clientIp: string | null;
  /** How long the slot may be held before it lapses (the request's timeout plus a margin). */
  ttlMs: number;
  perUser: number;
}

/**
 * Takes a slot for a request in flight, or refuses (false) when the user already has the limit
 * running. Counting and inserting happen under a transaction-scoped advisory lock on the user, so
 * parallel requests cannot all see the same count. A trial account's slot is then claimed for its
 * client address (`claimTrialSlot`): the plan is known only once billing has answered.
 */
export async function acquireSlot(db: Db, r: SlotRequest): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`inflight-user:${r.userId}`}, 0))`.execute(trx);
    const now = new Date();
    const byUser = await trx
      .selectFrom('requests_in_flight')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', r.userId)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(byUser.n) >= r.perUser) return false;
    await trx.deleteFrom('requests_in_flight').where('expires_at', '<=', now).where('user_id', '=', r.userId).execute();
    await trx
      .insertInto('requests_in_flight')
      .values({
        request_id: r.requestId,
        user_id: r.userId,
        client_ip: r.clientIp,
        trial: false,
        expires_at: new Date(now.getTime() + r.ttlMs),
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute();
    return true;
  });
}

/**
 * Marks a slot already taken as a trial account's, or refuses (false) when its client address
 * already has the limit of trial requests running. Under the address's advisory lock, as in
 * `acquireSlot`; the slot itself stays (the caller frees it on refusal).
 */
export async function claimTrialSlot(
  db: Db,
  r: { requestId: string; clientIp: string; perTrialIp: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`inflight-ip:${r.clientIp}`}, 0))`.execute(trx);
    const byIp = await trx
      .selectFrom('requests_in_flight')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_ip', '=', r.clientIp)
      .where('trial', '=', true)
      .where('expires_at', '>', new Date())
      .where('request_id', '<>', r.requestId)
      .executeTakeFirstOrThrow();
    if (Number(byIp.n) >= r.perTrialIp) return false;
    await trx.updateTable('requests_in_flight').set({ trial: true }).where('request_id', '=', r.requestId).execute();
    return true;
  });
}

/** Gives a slot the id of the reservation it belongs to (taken before that id was known). */
export async function renameSlot(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('requests_in_flight').set({ request_id: to }).where('request_id', '=', from).execute();
}

export async function releaseSlot(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('requests_in_flight').where('request_id', '=', requestId).execute();
}
