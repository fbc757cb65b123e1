import { sql } from 'kysely';
import type { ResendHistory } from '../domain/rate-limit';
import type { AuthDb, AuthTrx } from './schema';

export async function recordSmsSend(
  trx: AuthTrx,
  userId: string,
  kind: 'registration' | 'resend' | 'login',
): Promise<void> {
  await trx.insertInto('sms_sends').values({ user_id: userId, kind }).execute();
}

/** What the resend limits look at: the last send of any kind and the resends of the past hour. */
export async function resendHistory(db: AuthDb | AuthTrx, userId: string): Promise<ResendHistory> {
  const row = await db
    .selectFrom('sms_sends')
    .select([
      sql<Date | null>`max(sent_at)`.as('last_sent_at'),
      sql<number>`count(*) filter (where kind <> 'registration' and sent_at > now() - interval '1 hour')::int`.as(
        'resends',
      ),
      sql<Date | null>`min(sent_at) filter (where kind <> 'registration' and sent_at > now() - interval '1 hour')`.as(
        'oldest_resend',
      ),
    ])
    .where('user_id', '=', userId)
    .where('sent_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return {
    lastSentAt: row?.last_sent_at ?? null,
    resendsInLastHour: row?.resends ?? 0,
    oldestResendInLastHour: row?.oldest_resend ?? null,
  };
}
