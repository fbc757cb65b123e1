import { randomUUID } from 'node:crypto';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gnology/platform/auth/claims';
import { createTokenVerifier, type TokenVerifier } from '@gnology/platform/auth/token-verifier';
import { SignJWT } from 'jose';
import type { UserRecord } from '../domain/user';
import type { SigningKeys } from './key-store';

export interface SessionTokens {
  sign(user: Pick<UserRecord, 'id' | 'email' | 'name' | 'phoneVerified' | 'tokenVersion'>): Promise<string>;
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
    sign: (user) =>
      new SignJWT({ email: user.email, name: user.name ?? undefined, verified: user.phoneVerified, tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(opts.ttl)
        .sign(keys.privateKey),
    verifier: createTokenVerifier({ jwks: keys.jwks, isCurrentVersion: opts.isCurrentVersion }),
  };
}
