import { sql } from 'kysely';
import type { DocumentsDb } from './documents-store';

/** A key's count in its window and when the window ends. */
export interface WindowCount {
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit on `key` atomically, in a fixed window that starts at the key's first hit and
 * lasts `windowMs` (the hit after it ends starts a new one): one statement, so hits on two
 * replicas at once both count. Auth's sign-in counters work the same way (decision 0013).
 */
export async function hitWorkLimit(db: DocumentsDb, key: string, windowMs: number): Promise<WindowCount> {
  const expired = sql<boolean>`work_limits.window_started_at <= now() - make_interval(secs => ${windowMs / 1000})`;
  const row = await db
    .insertInto('work_limits')
    .values({ key, count: 1, window_started_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else work_limits.count + 1 end`,
        window_started_at: sql<Date>`case when ${expired} then now() else work_limits.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  // Rows whose window ended a day ago are noise: dropped now and then by the writes themselves.
  if (Math.random() < 0.01)
    await db.deleteFrom('work_limits').where('window_started_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  return { count: row.count, resetAt: new Date(row.window_started_at.getTime() + windowMs) };
}
