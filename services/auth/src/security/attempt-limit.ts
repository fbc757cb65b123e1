import { HttpError } from '@gnology/platform/http/errors';
import { minutesUntil, tooManyAttemptsMessage } from '../domain/rate-limit';
import type { AuthDb } from '../store/schema';
import { hit, release } from '../store/rate-limits';

export interface AttemptKey {
  key: string;
  max: number;
}

/**
 * Counts an attempt on every key BEFORE the password is checked, each in one atomic statement,
 * and refuses it (429) when any key is over its limit. Reading the count first and writing it
 * after the check let parallel attempts all pass (issue 11, point 5): now the N+1th of any
 * number of simultaneous attempts is refused without its password being looked at.
 */
export async function claimAttempt(
  db: AuthDb,
  keys: AttemptKey[],
  windowMs: number,
  extra: (message: string, minutes: number) => Record<string, unknown>,
): Promise<void> {
  const counts = await Promise.all(keys.map(async ({ key, max }) => ({ max, ...(await hit(db, key, windowMs)) })));
  const over = counts.filter((c) => c.count > c.max);
  if (!over.length) return;
  const resetAt = new Date(Math.max(...over.map((c) => c.resetAt.getTime())));
  const minutes = minutesUntil(resetAt, new Date());
  const message = tooManyAttemptsMessage(minutes);
  throw new HttpError(429, message, extra(message, minutes));
}

/** A good attempt was not a failure: it gives back what `claimAttempt` counted on these keys. */
export async function forgiveAttempt(db: AuthDb, keys: string[]): Promise<void> {
  for (const key of keys) await release(db, key);
}
