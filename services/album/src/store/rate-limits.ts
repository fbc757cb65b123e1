import { sql } from 'kysely';
import type { AlbumsDb } from './albums-store';

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit in a fixed window that starts at the first hit and lasts `windowMs` (the auth
 * service's scheme, decision 0013): one statement, so concurrent hits on two replicas both count.
 */
export async function hit(db: AlbumsDb, key: string, windowMs: number): Promise<WindowCount> {
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
  return { count: row.count, resetAt: new Date(new Date(row.window_started_at).getTime() + windowMs) };
}

/** Takes one back (never below 0): a hit counted up front whose album was not made after all. */
export async function release(db: AlbumsDb, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`greatest(rate_limits.count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

/** Windows that ended long ago are noise; dropped now and then by `hit`. */
async function purgeExpired(db: AlbumsDb, olderThanMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .execute();
}
