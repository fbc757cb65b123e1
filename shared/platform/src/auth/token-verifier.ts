import { LRUCache } from 'lru-cache';
import { type JWTVerifyGetKey, createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type AuthUser } from './claims';

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
}

/**
 * Verifies EdDSA session tokens against the auth service's JWKS. jose caches the key set and
 * refetches it when a token names an unknown `kid` (key rotation). Successful verifications
 * are cached by token until expiry: the signature check is most of a gateway's CPU per request.
 */
export function createTokenVerifier(opts: {
  jwksUrl?: string;
  jwks?: { keys: unknown[] };
  cacheSize?: number;
  /** Least time between two fetches of the key set (an unknown kid triggers one). */
  jwksCooldownMs?: number;
  /**
   * Optional: whether a token version is still current for its user (a password change bumps
   * it to sign out every other session). Called on every verification; cache inside it.
   */
  isCurrentVersion?: (userId: string, tokenVersion: number) => Promise<boolean>;
}): TokenVerifier {
  const checkVersion = async (user: AuthUser) => {
    if (opts.isCurrentVersion && !(await opts.isCurrentVersion(user.id, user.tokenVersion))) {
      throw new TokenError('Session expired. Please log in again.', true);
    }
    return user;
  };
  const keySet: JWTVerifyGetKey = opts.jwks
    ? createLocalJWKSet(opts.jwks as Parameters<typeof createLocalJWKSet>[0])
    : createRemoteJWKSet(new URL(opts.jwksUrl!), {
        cooldownDuration: opts.jwksCooldownMs ?? 5_000,
        cacheMaxAge: 10 * 60_000,
      });
  const cache = new LRUCache<string, AuthUser>({ max: opts.cacheSize ?? 10_000 });

  return {
    async verify(token: string): Promise<AuthUser> {
      const hit = cache.get(token);
      if (hit) {
        if (hit.expiresAt * 1000 > Date.now()) return checkVersion(hit);
        cache.delete(token);
        throw new TokenError('Session expired. Please log in again.', true);
      }
      let user: AuthUser;
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          algorithms: ['EdDSA'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        user = {
          id: String(payload.sub),
          email: String(payload.email ?? ''),
          name: typeof payload.name === 'string' ? payload.name : undefined,
          verified: payload.verified === true,
          tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
          jti: payload.jti,
          expiresAt: payload.exp!,
        };
        cache.set(token, user, { ttl: Math.max(1, user.expiresAt * 1000 - Date.now()) });
      } catch (e) {
        if (e instanceof errors.JWTExpired) throw new TokenError('Session expired. Please log in again.', true);
        throw new TokenError('Invalid session token', false);
      }
      return checkVersion(user);
    },
  };
}
