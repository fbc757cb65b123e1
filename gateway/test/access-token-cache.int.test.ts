import type { AddressInfo } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, bearer, startAuth, verifiedUser } from '../../services/auth/test/helpers';
import { createAccessTokenCheck } from '../src/clients/access-tokens';

requireInfra('DATABASE_URL');

/** The gateway's cache of access-token answers, against the real auth service and a controlled clock. */
describe('access token check', () => {
  let auth: AuthTest;
  let authUrl: string;
  let ada: Awaited<ReturnType<typeof verifiedUser>>;
  let verifyCalls = 0;
  const logger = createLogger({ service: 'gateway', level: 'silent' });

  beforeAll(async () => {
    auth = await startAuth();
    auth.app.addHook('onRequest', async (req) => {
      if (req.url === '/internal/access-tokens/verify') verifyCalls += 1;
    });
    await auth.app.listen({ port: 0, host: '127.0.0.1' });
    authUrl = `http://127.0.0.1:${(auth.app.server.address() as AddressInfo).port}`;
    ada = await verifiedUser(auth);
  });
  afterAll(async () => {
    await auth?.close();
  });

  const newToken = async () => {
    // Creation asks the account's password (issue 29, point 7).
    const res = await auth.post(
      '/api/auth/access-tokens',
      { name: 'cache', currentPassword: ada.password },
      bearer(ada.token),
    );
    return res.body as { token: string; accessToken: { id: string } };
  };

  it('asks auth once per 30 s at most, even when configured longer, and a revoke shows after that', async () => {
    let clock = Date.now();
    const check = createAccessTokenCheck({
      authUrl,
      internalToken: auth.config.INTERNAL_TOKEN,
      logger,
      ttlMs: 10 * 60_000,
      now: () => clock,
    });
    const { token, accessToken } = await newToken();
    const before = verifyCalls;
    const first = await check.verify(token);
    expect(first.user.id).toBe(ada.id);
    expect(first.sessionToken.split('.')).toHaveLength(3);
    clock += 29_000;
    await check.verify(token);
    expect(verifyCalls - before).toBe(1);

    const revoked = await auth.app.inject({
      method: 'DELETE',
      url: `/api/auth/access-tokens/${accessToken.id}`,
      headers: bearer(ada.token),
    });
    expect(revoked.statusCode).toBe(200);
    // Still cached (the documented window) ...
    expect((await check.verify(token)).user.id).toBe(ada.id);
    // ... and refused once 30 s have passed since auth's answer.
    clock += 1_000;
    await expect(check.verify(token)).rejects.toMatchObject({ statusCode: 401, message: 'Invalid access token' });
    // Refusals are not cached: each try asks again.
    await expect(check.verify(token)).rejects.toMatchObject({ statusCode: 401 });
    expect(verifyCalls - before).toBe(3);
  });

  it('answers 503 when auth cannot be reached', async () => {
    const { token } = await newToken();
    const check = createAccessTokenCheck({
      authUrl: 'http://127.0.0.1:9',
      internalToken: auth.config.INTERNAL_TOKEN,
      logger,
    });
    await expect(check.verify(token)).rejects.toMatchObject({ statusCode: 503 });
  });
});
