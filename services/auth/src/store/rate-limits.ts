import { sql } from 'kysely';
import type { AuthDb, AuthTrx } from './schema';

/**
 * Fixed-window counters in Postgres, so every replica of the auth service sees the same
 * counts (docs/decisions/0013-rate-limit-storage.md). A window starts at the first hit and
 * lasts `windowMs`; the hit after it ends starts a new one.
 */
export interface WindowCount {
  count: number;
  resetAt: Date;
}

/** Counts one hit atomically (one statement: concurrent hits from two replicas both count). */
export async function hit(db: AuthDb | AuthTrx, key: string, windowMs: number): Promise<WindowCount> {
  const expired = sql<boolean>`rate_limits.window_started_at <= now() - make_interval(secs => ${windowMs / 1000})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_started_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_started_at: sql<Date>`case when ${expired} then now() else rate_limits.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) await purgeExpired(db, 24 * 60 * 60_000);
  return { count: row.count, resetAt: new Date(row.window_started_at.getTime() + windowMs) };
}

/** Takes one back (never below 0): an attempt counted up front turned out not to be a failure. */
export async function release(db: AuthDb, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`greatest(rate_limits.count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

export async function resetCount(db: AuthDb, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Rows whose window ended long ago are noise; dropped now and then by `hit`. */
export async function purgeExpired(db: AuthDb | AuthTrx, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .execute();
}
