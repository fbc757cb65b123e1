import type { AddressInfo } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

/**
 * Issue 34: the password-change hook is the change-password area's own scoped plugin. A change
 * that went through (200) drops the user's cached answers; a refused one, another method or another
 * area's 200 does not.
 */
describe('a password change through the gateway', () => {
  let service: FastifyInstance;
  let gateway: FastifyInstance;
  let base: string;
  let token: string;
  const forgotten: string[] = [];

  beforeAll(async () => {
    service = Fastify();
    service.post('/api/users/change-password', async (req, reply) =>
      (req.body as { currentPassword?: string }).currentPassword === 'right'
        ? { token: 'new-session' }
        : reply.status(400).send({ error: 'Current password is incorrect' }),
    );
    service.all('/*', async () => ({ ok: true }));
    await service.listen({ port: 0, host: '127.0.0.1' });
    const signer = await createTestSigner();
    token = await signer.sign({ id: 'user-pw' });
    const config = configWithOneUpstream(`http://127.0.0.1:${(service.server.address() as AddressInfo).port}`);
    gateway = await buildGateway(
      createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), {
        verifier: signer.verifier,
        onPasswordChanged: (userId) => forgotten.push(userId),
      }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const call = (path: string, method: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it("drops the user's cached token answers once it went through, and only then", async () => {
    expect((await call('/api/users/change-password', 'POST', { currentPassword: 'wrong' })).status).toBe(400);
    expect((await call('/api/users/change-password', 'GET')).status).toBe(200);
    expect((await call('/api/auth/me', 'POST', { currentPassword: 'right' })).status).toBe(200);
    expect((await call('/api/documents', 'POST', { currentPassword: 'right' })).status).toBe(200);
    expect(forgotten).toEqual([]);

    expect((await call('/api/users/change-password', 'POST', { currentPassword: 'right' })).status).toBe(200);
    // onResponse runs once the answer is out: give it its turn.
    await new Promise((r) => setTimeout(r, 50));
    expect(forgotten).toEqual(['user-pw']);
  });
});
