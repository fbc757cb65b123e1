import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

/**
 * Issue 29, point 2: a request line in absolute form ("POST http://host/api/auth/login") or with a
 * fragment ("/api/auth/login#x") is routed like its path, so the session check and every rate
 * limit must see that path too: the target is put in origin form once, before any hook.
 */
let upstream: FastifyInstance;
let gateway: FastifyInstance;
let port: number;

beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  upstream.all('/*', async (req) => ({ path: req.url }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  const config = configWithOneUpstream(`http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`, {
    RATE_LIMIT_AUTH: '2',
  });
  const signer = await createTestSigner();
  gateway = await buildGateway(
    createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), { verifier: signer.verifier }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  port = (gateway.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Sends `target` as the request line's target, as written (Node's client passes it through). */
function send(method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method,
      path: target,
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('the request target', () => {
  it('checks the session of an absolute-form request like its path', async () => {
    expect((await send('GET', '/api/documents')).status).toBe(401);
    expect((await send('GET', `http://127.0.0.1:${port}/api/documents`)).status).toBe(401);
    expect((await send('GET', 'http://evil.example/api/documents')).status).toBe(401);
  });

  it('counts absolute-form and fragment sign-ins in the one sign-in bucket, and proxies the path', async () => {
    const first = await send('POST', `http://127.0.0.1:${port}/api/auth/login`);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ path: '/api/auth/login' });
    const statuses = [
      (await send('POST', '/api/auth/login#again')).status,
      (await send('POST', `http://127.0.0.1:${port}/api/auth/login#x`)).status,
      (await send('POST', '/api/auth/login')).status,
    ];
    expect(statuses).toEqual([200, 429, 429]);
  });
});
