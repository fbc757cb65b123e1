import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ResearchDB } from './schema';

type Db = Kysely<ResearchDB>;

export interface SlotRequest {
  requestId: string;
  userId: string;
  clientIp: string | null;
  trial: boolean;
  /** How long the slot may be held before it lapses (the request's timeout plus a margin). */
  ttlMs: number;
  perUser: number;
  perTrialIp: number;
}

/**
 * Takes a slot for a request in flight, or refuses (false) when the user — or, for trial
 * accounts, the client address — already has the limit running. Counting and inserting happen
 * under transaction-scoped advisory locks on the user and the address, so parallel requests
 * cannot all see the same count.
 */
export async function acquireSlot(db: Db, r: SlotRequest): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`inflight-user:${r.userId}`}, 0))`.execute(trx);
    if (r.trial && r.clientIp)
      await sql`select pg_advisory_xact_lock(hashtextextended(${`inflight-ip:${r.clientIp}`}, 0))`.execute(trx);
    const now = new Date();
    const byUser = await trx
      .selectFrom('requests_in_flight')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', r.userId)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(byUser.n) >= r.perUser) return false;
    if (r.trial && r.clientIp) {
      const byIp = await trx
        .selectFrom('requests_in_flight')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('client_ip', '=', r.clientIp)
        .where('trial', '=', true)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(byIp.n) >= r.perTrialIp) return false;
    }
    await trx.deleteFrom('requests_in_flight').where('expires_at', '<=', now).where('user_id', '=', r.userId).execute();
    await trx
      .insertInto('requests_in_flight')
      .values({
        request_id: r.requestId,
        user_id: r.userId,
        client_ip: r.clientIp,
        trial: r.trial,
        expires_at: new Date(now.getTime() + r.ttlMs),
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute();
    return true;
  });
}

export async function releaseSlot(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('requests_in_flight').where('request_id', '=', requestId).execute();
}
