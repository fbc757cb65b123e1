import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gnology/platform/auth/claims';
import { createTestSigner, requireInfra } from '@gnology/testing';
import {
  type JWK,
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, startAuth, verifiedUser } from './helpers';

requireInfra('DATABASE_URL');

let t: AuthTest;
let user: Awaited<ReturnType<typeof verifiedUser>>;
beforeAll(async () => {
  t = await startAuth();
  user = await verifiedUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** The generated signing key, read from the data folder as an attacker with disk access would. */
async function realKey() {
  const jwk = JSON.parse(readFileSync(path.join(t.config.DATA_DIR, 'keys/signing-key.json'), 'utf8')) as JWK;
  return { kid: jwk.kid!, key: await importJWK(jwk, 'EdDSA') };
}

function sign(
  claims: Record<string, unknown>,
  opts: { kid: string; issuer?: string; exp?: number | string; iat?: number },
) {
  const jwt = new SignJWT({ email: user.email, verified: true, tv: 0, ...claims })
    .setProtectedHeader({ alg: 'EdDSA', kid: opts.kid })
    .setSubject(user.id)
    .setIssuer(opts.issuer ?? JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(opts.iat)
    .setExpirationTime(opts.exp ?? '1h');
  return jwt;
}

describe('session tokens', () => {
  it('are EdDSA with kid, 7-day expiry, issuer, audience and the sub/email/name/verified/tv/jti claims', async () => {
    expect(decodeProtectedHeader(user.token)).toMatchObject({ alg: 'EdDSA', kid: (await realKey()).kid, typ: 'JWT' });
    const c = decodeJwt(user.token);
    expect(c).toMatchObject({
      sub: user.id,
      email: user.email,
      name: 'Ada Lovelace',
      verified: true,
      tv: 0,
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
    });
    expect(c.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.exp! - c.iat!).toBe(7 * 24 * 3600);
  });

  it('are verifiable with the published JWKS, which holds only public keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const jwks = res.json() as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: (await realKey()).kid,
      alg: 'EdDSA',
      use: 'sig',
    });
    const { createTokenVerifier } = await import('@gnology/platform/auth/token-verifier');
    expect((await createTokenVerifier({ jwks }).verify(user.token)).id).toBe(user.id);
  });

  it('refuses no token, alg none, a wrong key, a wrong issuer and a tampered payload with 401', async () => {
    const { kid, key } = await realKey();
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const none = `${header}.${user.token.split('.')[1]}.`;
    const other = await createTestSigner();
    const wrongKey = await other.sign({ id: user.id, email: user.email });
    const wrongIssuer = await sign({}, { kid, issuer: 'someone-else' }).sign(key);
    const [h, p, s] = user.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '0'.repeat(24) })).toString('base64url')}.${s}`;

    expect(await t.get('/api/auth/me')).toEqual({ status: 401, body: { error: 'Authentication required' } });
    for (const token of [none, wrongKey, wrongIssuer, tampered, 'garbage']) {
      expect(await t.get('/api/auth/me', token)).toEqual({
        status: 401,
        body: { error: 'Invalid session token', expired: false },
      });
    }
  });

  it('refuses an expired token with 401 and expired: true', async () => {
    const { kid, key } = await realKey();
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({}, { kid, iat: now - 8 * 24 * 3600, exp: now - 60 }).sign(key);
    expect(await t.get('/api/auth/me', expired)).toEqual({
      status: 401,
      body: { error: 'Session expired. Please log in again.', expired: true },
    });
  });

  it('keep the generated key across restarts, in a file only the service user can read', async () => {
    const file = path.join(t.config.DATA_DIR, 'keys/signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const restarted = await t.rebuild();
    const me = await restarted.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('use a key from env (PKCS8 PEM with JWT_KEY_ID) and still accept the previous public keys', async () => {
    const current = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const previous = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const previousJwk = { ...(await exportJWK(previous.publicKey)), kid: 'key-2024' };
    const app = await t.rebuild({
      JWT_PRIVATE_KEY: (await exportPKCS8(current.privateKey)).replace(/\n/g, '\\n'),
      JWT_KEY_ID: 'key-2025',
      JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify({ keys: [previousJwk] }),
    });
    const jwks = (await app.inject({ method: 'GET', url: '/api/auth/.well-known/jwks.json' })).json() as {
      keys: JWK[];
    };
    expect(jwks.keys.map((k) => k.kid)).toEqual(['key-2025', 'key-2024']);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(decodeProtectedHeader(login.json().token).kid).toBe('key-2025');
    const oldSession = await sign({}, { kid: 'key-2024' }).sign(previous.privateKey);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${oldSession}` },
    });
    expect(me.statusCode).toBe(200);
    // The generated key is no longer trusted once a key comes from env.
    const generated = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(generated.statusCode).toBe(401);
  });
});

describe('POST /api/users/change-password', () => {
  const change = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  it('answers 400 with message for a wrong current password or a short new one', async () => {
    const u = await verifiedUser(t);
    const wrong = await change(u.token, { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' });
    const short = await change(u.token, { currentPassword: u.password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'New password must be at least 6 characters long' });
    for (const common of ['letmein', 'Password123', 'ILOVEYOU']) {
      const weak = await change(u.token, { currentPassword: u.password, newPassword: common });
      expect(weak.statusCode, common).toBe(400);
      expect(weak.json()).toEqual({
        error: 'This password is too common and easy to guess. Please choose a less common password.',
        message: 'This password is too common and easy to guess. Please choose a less common password.',
      });
    }
    const login = await t.post(
      '/api/auth/login',
      { email: u.email, password: u.password },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(login.status).toBe(200);
  });

  it('changes the password, keeps this session with a new token and signs out every other session', async () => {
    const u = await verifiedUser(t);
    const other = (
      await t.post('/api/auth/login', { email: u.email, password: u.password }, { 'x-forwarded-for': '198.51.100.8' })
    ).body.token;
    const res = await change(u.token, { currentPassword: u.password, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Password changed successfully' });
    expect(decodeJwt(body.token).tv).toBe(1);

    expect(await t.get('/api/auth/me', other)).toEqual({
      status: 401,
      body: { error: 'Session expired. Please log in again.', expired: true },
    });
    expect((await t.get('/api/auth/me', u.token)).status).toBe(401);
    expect((await t.get('/api/auth/me', body.token)).status).toBe(200);

    const ip = { 'x-forwarded-for': '198.51.100.9' };
    expect((await t.post('/api/auth/login', { email: u.email, password: u.password }, ip)).status).toBe(401);
    expect((await t.post('/api/auth/login', { email: u.email, password: 'brand-new-pass' }, ip)).status).toBe(200);

    const version = await t.app.inject({
      method: 'GET',
      url: `/internal/users/${u.id}/token-version`,
      headers: { 'x-internal-token': t.config.INTERNAL_TOKEN },
    });
    expect(version.json()).toEqual({ tokenVersion: 1 });
  });

  it('limits wrong current-password guesses per user', async () => {
    const u = await verifiedUser(t);
    for (let i = 0; i < 5; i++)
      expect((await change(u.token, { currentPassword: `guess-${i}`, newPassword: 'brand-new-pass' })).statusCode).toBe(
        400,
      );
    const blocked = await change(u.token, { currentPassword: u.password, newPassword: 'brand-new-pass' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('GET /internal/users/:id/token-version', () => {
  it('is hidden without the internal secret and 404s for unknown users', async () => {
    const hidden = await t.app.inject({ method: 'GET', url: `/internal/users/${user.id}/token-version` });
    expect(hidden.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/internal/users/${'a'.repeat(24)}/token-version`,
      headers: { 'x-internal-token': t.config.INTERNAL_TOKEN },
    });
    expect(unknown.statusCode).toBe(404);
    const known = await t.app.inject({
      method: 'GET',
      url: `/internal/users/${user.id}/token-version`,
      headers: { 'x-internal-token': t.config.INTERNAL_TOKEN },
    });
    expect(known.json()).toEqual({ tokenVersion: 0 });
  });
});
