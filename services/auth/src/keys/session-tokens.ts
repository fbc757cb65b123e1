import { randomUUID } from 'node:crypto';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gnology/platform/auth/claims';
import { createTokenVerifier, type TokenVerifier } from '@gnology/platform/auth/token-verifier';
import { SignJWT } from 'jose';
import type { UserRecord } from '../domain/user';
import type { SigningKeys } from './key-store';

export interface SessionTokens {
  /**
   * `ttl` overrides the session lifetime and `scope` adds a claim naming what the token may do:
   * both are set for the short session a personal access token is exchanged for (decision 0190).
   */
  sign(
    user: Pick<UserRecord, 'id' | 'email' | 'name' | 'phoneVerified' | 'tokenVersion'>,
    opts?: { ttl?: string; scope?: string },
  ): Promise<string>;
  /** Verifies with the service's own key set (no HTTP) and the user's current token version. */
  verifier: TokenVerifier;
}

/**
 * Session tokens: EdDSA, 7 days by default, claims sub, email, name, verified, tv (token
 * version) and jti, the signing key's kid in the header.
 */
export function createSessionTokens(
  keys: SigningKeys,
  opts: { ttl: string; isCurrentVersion: (userId: string, tokenVersion: number) => Promise<boolean> },
): SessionTokens {
  return {
    sign: (user, signOpts = {}) =>
      new SignJWT({
        email: user.email,
        name: user.name ?? undefined,
        verified: user.phoneVerified,
        tv: user.tokenVersion,
        scope: signOpts.scope,
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(signOpts.ttl ?? opts.ttl)
        .sign(keys.privateKey),
    verifier: createTokenVerifier({ jwks: keys.jwks, isCurrentVersion: opts.isCurrentVersion }),
  };
}
