import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner, type TestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/lib/precompress.mjs';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';
import type { Upstream } from '../src/routes-table';

/** A script large enough to be worth compressing. */
const ASSET = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;

const NAMES: Upstream[] = ['auth', 'conversation', 'research', 'documents', 'album', 'billing'];

/** A stand-in service: echoes who it is, what it got, and streams SSE slowly on /api/research/stream. */
async function fakeService(name: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.addContentTypeParser('*', (_req, payload, done) => {
    let size = 0;
    payload.on('data', (c: Buffer) => {
      size += c.length;
    });
    payload.on('end', () => done(null, { size }));
  });
  app.get('/readyz', async () => ({ status: 'ready' }));
  app.get('/openapi.json', async () => ({
    openapi: '3.1.0',
    paths: { [`/api/${name}/thing`]: { get: { summary: name } }, '/internal/secret': { get: {} } },
    components: { schemas: { [`${name}Thing`]: { type: 'object' } } },
  }));
  app.get('/api/research/stream', (_req, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write('event: delta\ndata: first\n\n');
    setTimeout(() => {
      reply.raw.write('event: done\ndata: second\n\n');
      reply.raw.end();
    }, 700);
  });
  app.get('/api/research/slow', async () => {
    await new Promise((r) => setTimeout(r, 1_500));
    return { late: true };
  });
  app.all('/*', async (req) => ({
    service: name,
    url: req.url,
    method: req.method,
    requestId: req.headers['x-request-id'],
    headers: req.headers,
    body: req.body ?? null,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('gateway', () => {
  const services: Record<string, FastifyInstance> = {};
  let gateway: FastifyInstance;
  let base: string;
  let signer: TestSigner;
  let token: string;
  let webDir: string;
  let config: ReturnType<typeof gatewayEnvSchema.parse>;

  beforeAll(async () => {
    signer = await createTestSigner();
    token = await signer.sign({ id: 'user-1' });
    for (const n of NAMES) services[n] = await fakeService(n);
    const url = (n: string) => `http://127.0.0.1:${(services[n].server.address() as AddressInfo).port}`;
    webDir = mkdtempSync(path.join(tmpdir(), 'gn-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>GNology</title>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets/index-abc123.js'), ASSET);
    precompress(webDir);
    config = gatewayEnvSchema.parse({
      AUTH_URL: url('auth'),
      CONVERSATION_URL: url('conversation'),
      RESEARCH_URL: url('research'),
      DOCUMENTS_URL: url('documents'),
      ALBUM_URL: url('album'),
      // billing points at a port nobody listens on: the "service down" case
      BILLING_URL: 'http://127.0.0.1:9',
      WEB_DIR: webDir,
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
      RATE_LIMIT_AUTH: '5',
    });
    gateway = await buildGateway(
      createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), {
        verifier: signer.verifier,
      }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all(Object.values(services).map((s) => s.close()));
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers });
  const authed = { authorization: `Bearer ${'x'}` };

  it('proxies every /api area of the spec to its owning service', async () => {
    const cases: [string, string][] = [
      ['/api/auth/me', 'auth'],
      ['/api/users/change-password', 'auth'],
      ['/api/conversations?limit=1000', 'conversation'],
      ['/api/conversations/search?query=smith&limit=20', 'conversation'],
      ['/api/research', 'research'],
      ['/api/books/0123456789abcdef01234567/export?format=pdf', 'research'],
      ['/api/documents', 'documents'],
      ['/api/documents/available/for-analysis', 'documents'],
      ['/api/journal/pdf/download', 'documents'],
      ['/api/albums/generate', 'album'],
    ];
    for (const [p, owner] of cases) {
      const res = await get(p, { authorization: `Bearer ${token}`, 'x-request-id': 'rid-1' });
      expect(res.status, p).toBe(200);
      const body = await res.json();
      expect(body.service, p).toBe(owner);
      expect(body.url, p).toBe(p);
      expect(body.requestId).toBe('rid-1');
    }
  });

  it('passes end-to-end headers on and drops the hop-by-hop ones, those the client names in Connection included', async () => {
    const echoed = await new Promise<Record<string, string>>((resolve, reject) => {
      const req = http.request(`${base}/api/documents/echo?x=1`, {
        headers: {
          authorization: `Bearer ${token}`,
          connection: 'keep-alive, x-hop',
          'x-hop': 'for this connection only',
          'x-end-to-end': 'kept',
          'x-forwarded-for': '203.0.113.9',
          'x-request-id': 'rid-headers',
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve(JSON.parse(body).headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(echoed['x-end-to-end']).toBe('kept');
    expect(echoed['x-hop']).toBeUndefined();
    expect(echoed.authorization).toBe(`Bearer ${token}`);
    expect(echoed['x-request-id']).toBe('rid-headers');
    // The client's own claim is not believed (no trusted proxies): the service gets the socket's address.
    expect(echoed['x-forwarded-for']).toBe('127.0.0.1');
    expect(echoed.host).toBe(new URL(config.DOCUMENTS_URL).host);
  });

  it('answers 504 { error } when a service takes longer than UPSTREAM_TIMEOUT_MS', async () => {
    const impatient = await buildGateway(
      createGatewayContext(
        { ...config, UPSTREAM_TIMEOUT_MS: 300 },
        createLogger({ service: 'gateway', level: 'silent' }),
        { verifier: signer.verifier },
      ),
    );
    await impatient.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (impatient.server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/research/slow`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ error: 'The service took too long to answer. Please try again.' });
      expect((await get('/api/research/slow', { authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await impatient.close();
    }
  });

  it('keeps serving when clients go away mid-stream or before the service answers', async () => {
    const leave = (path: string, when: 'first-chunk' | 'sent') =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? resolve() : reject(err)));
        req.end(() => {
          if (when === 'sent') setTimeout(() => req.destroy(), 100);
        });
      });
    await leave('/api/research/stream', 'first-chunk');
    await leave('/api/research/slow', 'sent');
    // Long enough for the stream's second event and the slow answer to reach the closed sockets.
    await new Promise((r) => setTimeout(r, 1_700));
    const after = await get('/api/documents/ping', { authorization: `Bearer ${token}` });
    expect(after.status).toBe(200);
    expect((await after.json()).service).toBe('documents');
  });

  it('refuses protected paths without a valid session token, and lets public ones through', async () => {
    const none = await get('/api/documents');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: 'Authentication required' });
    const forged = await get('/api/documents', authed);
    expect(forged.status).toBe(401);
    expect((await forged.json()).expired).toBe(false);
    const expired = await get('/api/documents', {
      authorization: `Bearer ${await signer.sign({ id: 'u' }, { expiresIn: Math.floor(Date.now() / 1000) - 5 })}`,
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: 'Session expired. Please log in again.', expired: true });
    for (const p of [
      '/api/auth/.well-known/jwks.json',
      '/api/resources/gnology-journal.pdf',
      '/api/documents/abc/view?token=t',
      '/api/documents/abc/page/2?token=t',
      '/api/documents/abc/pages/2/words?token=t',
    ]) {
      expect((await get(p)).status, p).toBe(200);
    }
    // A file URL that carries a session header is checked like any protected route (issue 11, point 3).
    expect((await get('/api/documents/abc/view', authed)).status).toBe(401);
    expect((await get('/api/documents/abc/pages/1/words', authed)).status).toBe(401);
    expect((await get('/api/documents/abc/view', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('answers 503 { error } at once when a service is down, and /readyz says which', async () => {
    const res = await get('/api/users/token-usage', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/billing service is unavailable/);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    const body = await ready.json();
    expect(body.checks.auth).toBe('ok');
    expect(body.checks.billing).not.toBe('ok');
  });

  it('limits bodies: 1 MB in general, 200 MB on upload with the spec message', async () => {
    const big = await fetch(`${base}/api/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.status).toBe(413);
    // Declared 201 MB, nothing sent: refused before any byte is read or forwarded.
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/documents/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(201 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status.code).toBe(413);
    expect(JSON.parse(status.body).error).toBe(
      'File too large! Maximum file size is 200MB. Please choose a smaller file.',
    );
  });

  it('passes a large upload with Expect: 100-continue through (curl sends it over 1 MB)', async () => {
    const file = path.join(webDir, 'big.bin');
    writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 7));
    // Async: the gateway runs in this process, so a blocking child would deadlock it.
    const { stdout: out } = await promisify(execFile)(
      'curl',
      [
        '-sS',
        '-X',
        'POST',
        '-H',
        `authorization: Bearer ${token}`,
        '-H',
        'content-type: application/octet-stream',
        '--data-binary',
        `@${file}`,
        `${base}/api/documents/upload`,
      ],
      {
        encoding: 'utf8',
      },
    );
    const body = JSON.parse(out);
    expect(body.service).toBe('documents');
    expect(body.body).toEqual({ size: 3 * 1024 * 1024 });
  });

  it('streams server-sent events through unbuffered', async () => {
    const res = await get('/api/research/stream', { authorization: `Bearer ${token}` });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const t0 = Date.now();
    const first = new TextDecoder().decode((await reader.read()).value);
    const firstAt = Date.now() - t0;
    expect(first).toContain('data: first');
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toContain('data: second');
    // The first event arrived before the upstream had even written the second one.
    expect(firstAt).toBeLessThan(700);
  });

  it('rate-limits sign-in endpoints per IP with a clear message', async () => {
    const statuses: number[] = [];
    let last: { error?: string } = {};
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(res.status);
      last = await res.json();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last.error).toMatch(/^Too many requests\. Please try again in \d+ minute/);
  });

  it('publishes one OpenAPI document at /api/docs merged from the services, without internal routes', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/album/thing',
      '/api/auth/thing',
      '/api/conversation/thing',
      '/api/documents/thing',
      '/api/research/thing',
    ]);
    expect(doc.components.schemas.authThing).toEqual({ type: 'object' });
    // billing is down in this suite: the document says it is incomplete rather than failing
    expect(res.headers.get('warning')).toContain('billing');
  });

  it('sets security headers with a strict CSP', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends hashed assets precompressed (brotli, else gzip) and cached for a year, index.html revalidated', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(ASSET.length / 5);
    expect(await br.text()).toBe(ASSET); // fetch decodes it: the copy is the same script
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(ASSET);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(ASSET.length);
    expect((await get('/assets/missing-zzz.js', { 'accept-encoding': 'br' })).status).toBe(404);
    const page = await get('/login', { 'accept-encoding': 'br' });
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the web app with the SPA fallback, but never for /api', async () => {
    const page = await get('/research/some/deep/link');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>GNology</title>');
    const api = await get('/api/nothing-here', { authorization: `Bearer ${token}` });
    expect(api.status).toBe(404);
    expect((await api.json()).error).toMatch(/^Not found/);
  });
});
