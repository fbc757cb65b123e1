import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, type VerifiedAccessToken } from '@gnology/contracts';
import type { AuthUser } from '@gnology/platform/auth/claims';
import { HttpError } from '@gnology/platform/http/errors';
import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import type { Logger } from '@gnology/platform/logger';
import { isFilePath } from '../routes-table';

export const PAT_READ_ONLY = 'This access token can only read documents';
export const INVALID_ACCESS_TOKEN = 'Invalid access token';

/**
 * What a personal access token may reach (decision 0190): reading the owner's documents, their
 * text (in the document), page words and files. Nothing that changes anything, and no other area.
 */
const PAT_PATHS = [/^\/api\/documents$/, /^\/api\/documents\/[0-9a-f]{24}$/];
/** A file URL (routes-table.ts has their one pattern) of a document named by a real id. */
const DOCUMENT_BY_ID = /^\/api\/documents\/[0-9a-f]{24}\//;

export function isAccessToken(bearer: string | undefined): bearer is string {
  return bearer?.startsWith(ACCESS_TOKEN_PREFIX) === true;
}

export function accessTokenMayReach(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return PAT_PATHS.some((re) => re.test(path)) || (isFilePath(path) && DOCUMENT_BY_ID.test(path));
}

export interface AccessTokenCheck {
  /**
   * The owner and the short session the request goes on with, and `linksUntil` (unix seconds):
   * when this answer stops being trusted, which file links handed out with it must not outlive.
   * HttpError 401 when the token is not live.
   */
  verify(secret: string): Promise<{ user: AuthUser; sessionToken: string; linksUntil: number }>;
  /** Drops the cached answers for this user's tokens (their password changed: auth revoked them all). */
  forgetUser(userId: string): void;
}

/**
 * Asks auth (`POST /internal/access-tokens/verify`) and keeps each live token's answer at most
 * `ttlMs` (30 s), keyed by the secret's hash so no secret sits in memory longer than a request:
 * a revoke takes effect within that time, and so do file links handed out through the token (they
 * are signed to expire with the answer, `linksUntil`). Refusals are not cached (a revoked token
 * stays refused). A password change through this gateway drops the user's answers at once.
 */
export function createAccessTokenCheck(opts: {
  authUrl: string;
  internalToken: string;
  logger: Logger;
  ttlMs?: number;
  now?: () => number;
}): AccessTokenCheck {
  const ttlMs = Math.min(opts.ttlMs ?? 30_000, 30_000);
  const now = opts.now ?? Date.now;
  // Insertion-ordered: when full, the oldest answer goes first.
  const cache = new Map<string, VerifiedAccessToken & { verifiedAt: number }>();
  const MAX_ENTRIES = 20_000;

  const ask = async (secret: string): Promise<VerifiedAccessToken | null> => {
    let res: Response;
    try {
      res = await fetch(`${opts.authUrl}/internal/access-tokens/verify`, {
        method: 'POST',
        headers: { [INTERNAL_HEADER]: opts.internalToken, 'content-type': 'application/json' },
        body: JSON.stringify({ token: secret }),
        signal: AbortSignal.timeout(2_000),
      });
    } catch (err) {
      opts.logger.error({ err }, 'access token check unavailable');
      throw new HttpError(503, 'Access tokens cannot be checked right now. Please try again in a moment.');
    }
    if (res.status === 401) return null;
    if (!res.ok) {
      opts.logger.error({ status: res.status }, 'access token check failed');
      throw new HttpError(503, 'Access tokens cannot be checked right now. Please try again in a moment.');
    }
    return (await res.json()) as VerifiedAccessToken;
  };

  return {
    async verify(secret) {
      const key = createHash('sha256').update(secret).digest('hex');
      let hit = cache.get(key);
      // The exchanged session must outlive its use by a margin, whatever the cache says.
      if (!hit || now() - hit.verifiedAt >= ttlMs || hit.sessionExpiresAt * 1000 - now() < 60_000) {
        cache.delete(key);
        const answer = await ask(secret);
        if (!answer) throw new HttpError(401, INVALID_ACCESS_TOKEN, { expired: false });
        hit = { ...answer, verifiedAt: now() };
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, hit);
      }
      return {
        user: {
          id: hit.userId,
          email: '',
          verified: true,
          tokenVersion: 0,
          jti: `pat:${hit.tokenId}`,
          expiresAt: hit.sessionExpiresAt,
        },
        sessionToken: hit.sessionToken,
        linksUntil: Math.floor((hit.verifiedAt + ttlMs) / 1000),
      };
    },
    forgetUser(userId) {
      for (const [key, answer] of cache) if (answer.userId === userId) cache.delete(key);
    },
  };
}
