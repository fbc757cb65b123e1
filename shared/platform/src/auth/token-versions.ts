import { HttpError } from '../http/errors';
import { INTERNAL_HEADER } from '../http/internal';
import type { Logger } from '../logger';
import { LRUCache } from 'lru-cache';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a moment.';

/**
 * A password change bumps the user's token version so every other session stops working.
 * The gateway and every service ask auth for the current version, cached briefly per user (one call per user
 * per few seconds, not per request) and forgotten at once when this gateway sees the change.
 *
 * When auth cannot be reached, the gateway keeps serving for at most one cache lifetime after
 * its last answer from auth, then fails closed with 503 (issue 11, point 7): a revoked session
 * must not come back to life because auth is down. 503, not 401, so the web keeps the session
 * and the user is not signed out by an outage.
 */
export function createTokenVersionCheck(opts: {
  authUrl: string;
  internalToken: string;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}) {
  const ttlMs = opts.ttlMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const cache = new LRUCache<string, number>({ max: 50_000, ttl: ttlMs });
  // Never heard from auth yet: nothing to lean on, so an unreachable auth fails closed at once.
  let lastAnswerAt = Number.NEGATIVE_INFINITY;

  const fetchVersion = async (userId: string): Promise<number | null> => {
    const res = await fetch(`${opts.authUrl}/internal/users/${encodeURIComponent(userId)}/token-version`, {
      headers: { [INTERNAL_HEADER]: opts.internalToken },
      signal: AbortSignal.timeout(2_000),
    });
    if (res.status === 404) return null; // the account no longer exists
    if (!res.ok) throw new Error(`auth answered ${res.status}`);
    return Number(((await res.json()) as { tokenVersion: number }).tokenVersion);
  };

  const isCurrentVersion = async (userId: string, tokenVersion: number): Promise<boolean> => {
    let current = cache.get(userId);
    if (current === undefined) {
      let fetched: number | null;
      try {
        fetched = await fetchVersion(userId);
        lastAnswerAt = now();
      } catch (err) {
        if (now() - lastAnswerAt <= ttlMs) {
          // A blip shorter than the cache lifetime: as stale as a cached answer would be.
          opts.logger.warn({ err, userId }, 'token version check unavailable; within the cache lifetime');
          return true;
        }
        opts.logger.error({ err, userId }, 'token version check unavailable; refusing sessions until auth answers');
        throw new HttpError(503, SIGN_IN_UNAVAILABLE);
      }
      if (fetched === null) return false;
      current = fetched;
      cache.set(userId, current);
    }
    return tokenVersion >= current;
  };
  return { isCurrentVersion, forget: (userId: string) => cache.delete(userId) };
}
