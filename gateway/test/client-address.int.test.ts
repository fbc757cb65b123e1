import type { AddressInfo } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

/**
 * Issue 11, point 2: the client address that keys the gateway's limits (and that the services
 * receive as X-Forwarded-For) is the socket's unless the peer is a configured front proxy.
 */
let upstream: FastifyInstance;
const gateways: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  upstream.all('/*', async (req) => ({ forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await upstream.close();
});

async function gateway(env: Record<string, string>) {
  const url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  const config = configWithOneUpstream(url, env);
  const signer = await createTestSigner();
  const app = await buildGateway(
    createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), { verifier: signer.verifier }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  gateways.push(app);
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(base + path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
      body: method === 'POST' ? '{}' : undefined,
    });
}

describe('client address at the gateway', () => {
  it('ignores X-Forwarded-For from clients: a spoofed header resets neither the per-IP nor the sign-in limit', async () => {
    const call = await gateway({ RATE_LIMIT_PER_IP: '3', RATE_LIMIT_AUTH: '2' });
    const plans = [];
    for (let i = 0; i < 5; i++) plans.push(await call('/api/billing/plans', { 'x-forwarded-for': `198.51.100.${i}` }));
    expect(plans.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const logins = [];
    for (let i = 0; i < 4; i++)
      logins.push((await call('/api/auth/login', { 'x-forwarded-for': `203.0.113.${i}` }, 'POST')).status);
    expect(logins).toEqual([200, 200, 429, 429]);
  });

  it('tells the services the socket address, not the one the client claimed', async () => {
    const call = await gateway({});
    const res = await call('/api/billing/plans', { 'x-forwarded-for': '198.51.100.200' });
    expect(await res.json()).toEqual({ forwardedFor: '127.0.0.1' });
  });

  it('believes a configured front proxy, taking the address that proxy saw (not one the client prepended)', async () => {
    const call = await gateway({ TRUSTED_PROXIES: '127.0.0.1', RATE_LIMIT_PER_IP: '2' });
    expect(await (await call('/api/billing/plans', { 'x-forwarded-for': '203.0.113.5' })).json()).toEqual({
      forwardedFor: '203.0.113.5',
    });
    expect(await (await call('/api/billing/plans', { 'x-forwarded-for': '6.6.6.6, 203.0.113.6' })).json()).toEqual({
      forwardedFor: '203.0.113.6',
    });
    // Behind the proxy, each real client has its own limit.
    expect((await call('/api/billing/plans', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(200);
    expect((await call('/api/billing/plans', { 'x-forwarded-for': '203.0.113.5' })).status).toBe(429);
    expect((await call('/api/billing/plans', { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200);
  });

  it('refuses a malformed TRUSTED_PROXIES at start', () => {
    expect(() =>
      gatewayEnvSchema.parse({ INTERNAL_TOKEN: 'test-internal-token-0123456789', TRUSTED_PROXIES: 'my-load-balancer' }),
    ).toThrow(/CIDR/);
    expect(
      gatewayEnvSchema.parse({
        INTERNAL_TOKEN: 'test-internal-token-0123456789',
        TRUSTED_PROXIES: '10.0.0.0/8, loopback',
      }).TRUSTED_PROXIES,
    ).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('serves /metrics only with METRICS_TOKEN when one is set', async () => {
    const call = await gateway({ METRICS_TOKEN: 'metrics-token-0123456789' });
    expect((await call('/metrics')).status).toBe(404);
    expect((await call('/metrics', { authorization: 'Bearer wrong-token-0123456789x' })).status).toBe(404);
    const ok = await call('/metrics', { authorization: 'Bearer metrics-token-0123456789' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_request_duration_seconds');
  });
});
