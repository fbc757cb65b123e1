import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_AUDIENCE, JWT_ISSUER } from '../src/auth/claims';
import { createTokenVerifier, TokenError } from '../src/auth/token-verifier';

type Key = { kid: string; privateKey: CryptoKey; jwk: Record<string, unknown> };
async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}
function sign(key: Key, claims: { sub?: string; iss?: string; exp?: string | number; tv?: number } = {}) {
  return new SignJWT({ email: 'ada@example.com', verified: true, tv: claims.tv ?? 0 })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject(claims.sub ?? 'u1')
    .setIssuer(claims.iss ?? JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .sign(key.privateKey);
}

describe('token verifier against a JWKS endpoint', () => {
  let server: http.Server;
  let published: Key[] = [];
  let fetches = 0;
  let jwksUrl: string;

  beforeAll(async () => {
    published = [await newKey('k1')];
    server = http.createServer((_req, res) => {
      fetches += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: published.map((k) => k.jwk) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('accepts a valid token and caches the verification', async () => {
    const v = createTokenVerifier({ jwksUrl });
    const token = await sign(published[0]);
    const user = await v.verify(token);
    expect(user).toMatchObject({ id: 'u1', email: 'ada@example.com', verified: true, tokenVersion: 0 });
    const before = fetches;
    await v.verify(token);
    expect(fetches).toBe(before);
  });

  it('refuses expired tokens as expired', async () => {
    const v = createTokenVerifier({ jwksUrl });
    const token = await sign(published[0], { exp: Math.floor(Date.now() / 1000) - 10 });
    await expect(v.verify(token)).rejects.toMatchObject({ expired: true });
  });

  it('refuses alg none, a wrong key and a wrong issuer', async () => {
    const v = createTokenVerifier({ jwksUrl });
    const none = new UnsecuredJWT({ sub: 'u1' })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const stranger = await newKey('k1'); // same kid, different key
    for (const token of [none, await sign(stranger), await sign(published[0], { iss: 'someone-else' })]) {
      const err = await v.verify(token).catch((e) => e);
      expect(err).toBeInstanceOf(TokenError);
      expect(err.expired).toBe(false);
    }
  });

  it('refetches the key set when a token names an unknown kid (rotation)', async () => {
    const v = createTokenVerifier({ jwksUrl, jwksCooldownMs: 0 });
    await v.verify(await sign(published[0]));
    const rotated = await newKey('k2');
    published = [...published, rotated];
    const user = await v.verify(await sign(rotated, { sub: 'u2' }));
    expect(user.id).toBe('u2');
  });

  it('refuses tokens whose version is no longer current', async () => {
    const v = createTokenVerifier({ jwksUrl, isCurrentVersion: async (_id, tv) => tv >= 2 });
    await expect(v.verify(await sign(published[0], { tv: 1 }))).rejects.toMatchObject({ expired: true });
    await expect(v.verify(await sign(published[0], { tv: 2 }))).resolves.toMatchObject({ tokenVersion: 2 });
  });
});
