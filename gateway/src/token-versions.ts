import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import type { Logger } from '@gnology/platform/logger';
import { LRUCache } from 'lru-cache';

/**
 * A password change bumps the user's token version so every other session stops working.
 * The gateway asks auth for the current version, cached briefly per user (one call per user
 * per few seconds, not per request) and forgotten at once when this gateway sees the change.
 */
export function createTokenVersionCheck(opts: { authUrl: string; internalToken: string; logger: Logger; ttlMs?: number }) {
  const cache = new LRUCache<string, number>({ max: 50_000, ttl: opts.ttlMs ?? 5_000 });
  const isCurrentVersion = async (userId: string, tokenVersion: number): Promise<boolean> => {
    let current = cache.get(userId);
    if (current === undefined) {
      try {
        const res = await fetch(`${opts.authUrl}/internal/users/${encodeURIComponent(userId)}/token-version`, {
          headers: { [INTERNAL_HEADER]: opts.internalToken },
          signal: AbortSignal.timeout(2_000),
        });
        if (res.status === 404) return false; // the account no longer exists
        if (!res.ok) throw new Error(`auth answered ${res.status}`);
        current = Number(((await res.json()) as { tokenVersion: number }).tokenVersion);
        cache.set(userId, current);
      } catch (err) {
        // Auth unreachable: keep serving signed-in users (their signatures were checked);
        // revocation catches up as soon as auth answers again.
        opts.logger.warn({ err, userId }, 'token version check unavailable');
        return true;
      }
    }
    return tokenVersion >= current;
  };
  return { isCurrentVersion, forget: (userId: string) => cache.delete(userId) };
}
