import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gnology/platform/auth/claims';
import { createTokenVerifier, type TokenVerifier } from '@gnology/platform/auth/token-verifier';

export interface TestSigner {
  verifier: TokenVerifier;
  jwks: { keys: Record<string, unknown>[] };
  /** Signs a session token the way the auth service does. */
  sign(
    user: { id: string; email?: string; name?: string; verified?: boolean; tv?: number },
    opts?: { expiresIn?: string | number; issuer?: string },
  ): Promise<string>;
}

/** An EdDSA key pair standing in for the auth service, so other services test without it. */
export async function createTestSigner(): Promise<TestSigner> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const jwks = { keys: [jwk] };
  return {
    jwks,
    verifier: createTokenVerifier({ jwks }),
    sign: (user, opts = {}) =>
      new SignJWT({
        email: user.email ?? `${user.id}@example.com`,
        name: user.name,
        verified: user.verified ?? true,
        tv: user.tv ?? 0,
      })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(user.id)
        .setIssuer(opts.issuer ?? JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(opts.expiresIn ?? '1h')
        .sign(privateKey),
  };
}
