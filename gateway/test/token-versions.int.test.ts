import type { AddressInfo } from 'node:net';
import { createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createTokenVersionCheck } from '@gnology/platform/auth/token-versions';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';

/** Issue 11, point 7: with auth unreachable past the cache lifetime, the gateway fails closed. */
const TTL_MS = 300;
let auth: FastifyInstance;
let upstream: FastifyInstance;
let gateway: FastifyInstance;
let base: string;
let authUp = true;
let currentVersion = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  auth = Fastify();
  auth.get('/internal/users/:id/token-version', async (_req, reply) =>
    authUp ? { tokenVersion: currentVersion } : reply.status(503).send({ error: 'down' }),
  );
  await auth.listen({ port: 0, host: '127.0.0.1' });
  upstream = Fastify();
  upstream.all('/*', async () => ({ served: true }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const url = (s: FastifyInstance) => `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
  const config = gatewayEnvSchema.parse({
    DOCUMENTS_URL: url(upstream),
    AUTH_URL: url(auth),
    WEB_DIR: '/nonexistent',
    INTERNAL_TOKEN: 'test-internal-token-0123456789',
  });
  const logger = createLogger({ service: 'gateway', level: 'silent' });
  const signer = await createTestSigner();
  const versions = createTokenVersionCheck({
    authUrl: config.AUTH_URL,
    internalToken: config.INTERNAL_TOKEN,
    logger,
    ttlMs: TTL_MS,
  });
  const verifier = createTokenVerifier({ jwks: signer.jwks, isCurrentVersion: versions.isCurrentVersion });
  gateway = await buildGateway(createGatewayContext(config, logger, { verifier }));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = url(gateway);
  tokens.old = await signer.sign({ id: 'user-tv', tv: 0 });
  tokens.fresh = await signer.sign({ id: 'user-tv', tv: 1 });
});
afterAll(async () => {
  await gateway?.close();
  await auth?.close();
  await upstream?.close();
});

const tokens = { old: '', fresh: '' };
const get = (token: string) => fetch(`${base}/api/documents`, { headers: { authorization: `Bearer ${token}` } });

describe('token versions at the gateway', () => {
  it('refuses a revoked session, and once auth has been unreachable past the cache lifetime, refuses with 503 rather than letting it back in', async () => {
    expect((await get(tokens.old)).status).toBe(200);
    currentVersion = 1; // the password changed elsewhere
    await sleep(TTL_MS + 50);
    expect((await get(tokens.old)).status).toBe(401);
    expect((await get(tokens.fresh)).status).toBe(200);

    authUp = false;
    await sleep(TTL_MS + 50);
    const revoked = await get(tokens.old);
    expect(revoked.status).toBe(503);
    expect(await revoked.json()).toEqual({
      error: 'Sign-in is temporarily unavailable. Please try again in a moment.',
    });
    expect((await get(tokens.fresh)).status).toBe(503);

    authUp = true;
    expect((await get(tokens.fresh)).status).toBe(200);
    expect((await get(tokens.old)).status).toBe(401);
  });
});
