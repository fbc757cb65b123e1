import type { AddressInfo } from 'node:net';
import { LINKS_UNTIL_HEADER } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { type AccessTokenCheck, INVALID_ACCESS_TOKEN, PAT_READ_ONLY } from '../src/clients/access-tokens';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

const ID = '65a1b2c3d4e5f60718293a4b';

/**
 * The session check's access-token branches (decision 0212), with auth's answer stood in for, so
 * they run without the Kafka broker the end-to-end suite (access-tokens.int.test.ts) needs: refused
 * before auth is asked when the token may not reach the path, exchanged for a session when it may,
 * and auth's refusal or absence passed on as 401 or 503.
 */
describe('the session check with a personal access token', () => {
  let service: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  const asked: string[] = [];
  let authDown = false;

  const accessTokens: AccessTokenCheck = {
    async verify(secret) {
      asked.push(secret);
      if (authDown)
        throw new HttpError(503, 'Access tokens cannot be checked right now. Please try again in a moment.');
      if (secret !== 'gnpat_live') throw new HttpError(401, INVALID_ACCESS_TOKEN, { expired: false });
      return {
        user: { id: 'ada', verified: true } as never,
        sessionToken: 'short.session.token',
        linksUntil: 1_900_000_000,
      };
    },
    forgetUser() {},
  };

  beforeAll(async () => {
    service = Fastify();
    service.all('/*', async (req) => ({ headers: req.headers }));
    await service.listen({ port: 0, host: '127.0.0.1' });
    const signer = await createTestSigner();
    const config = configWithOneUpstream(`http://127.0.0.1:${(service.server.address() as AddressInfo).port}`);
    gateway = await buildGateway(
      createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), {
        verifier: signer.verifier,
        accessTokens,
      }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const call = (path: string, token: string, method = 'GET') =>
    fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

  it('refuses a path the token may not reach with 403, without asking auth', async () => {
    for (const [method, path] of [
      ['POST', '/api/documents/upload'],
      ['DELETE', `/api/documents/${ID}`],
      ['GET', '/api/conversations'],
    ]) {
      const res = await call(path!, 'gnpat_live', method);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ error: PAT_READ_ONLY });
    }
    expect(asked).toEqual([]);
  });

  it('sends a request it may make on with the session auth exchanged it for', async () => {
    const res = await call(`/api/documents/${ID}/page/2`, 'gnpat_live');
    expect(res.status).toBe(200);
    const { headers } = (await res.json()) as { headers: Record<string, string> };
    expect(headers.authorization).toBe('Bearer short.session.token');
    expect(headers[LINKS_UNTIL_HEADER]).toBe('1900000000');
  });

  it("passes auth's refusal on as 401, and its absence as 503", async () => {
    const refused = await call('/api/documents', 'gnpat_revoked');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: INVALID_ACCESS_TOKEN, expired: false });
    authDown = true;
    const down = await call('/api/documents', 'gnpat_live');
    expect(down.status).toBe(503);
    expect((await down.json()).error).toMatch(/cannot be checked right now/);
  });
});
