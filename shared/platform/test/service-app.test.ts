import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../src/http/service-app';
import { notFound } from '../src/http/errors';
import { useValidationErrorStyle } from '../src/http/validation-errors';
import { createLogger } from '../src/logger';
import type { JobQueue } from '../src/jobs/types';

const logger = createLogger({ service: 'test', level: 'silent' });
let app: FastifyInstance;
afterEach(() => app?.close());

function build(checks: Record<string, () => Promise<void>> = {}) {
  app = createServiceApp({ name: 'svc', logger, checks });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/things', { schema: { body: z.object({ title: z.string().min(1) }) } }, async (req) => ({
    title: req.body.title,
    id: req.id,
  }));
  typed.get('/missing', async () => {
    throw notFound('Document not found');
  });
  typed.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  return app;
}

describe('service app shell', () => {
  it('answers /healthz while alive', async () => {
    const res = await build().inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'svc' });
  });

  it('/readyz is 200 when every dependency answers and 503 naming the one that does not', async () => {
    const ok = await build({ database: async () => {}, queue: async () => {} }).inject('/readyz');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().checks).toEqual({ database: 'ok', queue: 'ok' });
    await app.close();
    const down = await build({
      database: async () => {},
      storage: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
      },
    }).inject('/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'not ready',
      checks: { database: 'ok', storage: 'connect ECONNREFUSED 127.0.0.1:9000' },
    });
  });

  it('validation errors answer 400 { error } naming the field', async () => {
    const res = await build().inject({ method: 'POST', url: '/things', payload: { title: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^title: /);
  });

  it('a plugin may answer validation errors as plain sentences, and a route may repeat it in `message`', async () => {
    app = createServiceApp({ name: 'svc', logger });
    await app.register(async (plugin) => {
      useValidationErrorStyle(plugin, 'sentence');
      const typed = plugin.withTypeProvider<ZodTypeProvider>();
      const body = z.object({ title: z.string().min(1, 'Title is required') });
      typed.post('/sentence', { schema: { body } }, async () => ({}));
      typed.post('/both', { config: { validationErrors: 'sentence-and-message' }, schema: { body } }, async () => ({}));
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/field',
        { schema: { body: z.object({ title: z.string().min(1, 'Title is required') }) } },
        async () => ({}),
      );
    const sentence = await app.inject({ method: 'POST', url: '/sentence', payload: { title: '' } });
    expect([sentence.statusCode, sentence.json()]).toEqual([400, { error: 'Title is required' }]);
    const both = await app.inject({ method: 'POST', url: '/both', payload: { title: '' } });
    expect([both.statusCode, both.json()]).toEqual([400, { error: 'Title is required', message: 'Title is required' }]);
    // Outside the plugin the default stays: the field is named.
    const field = await app.inject({ method: 'POST', url: '/field', payload: { title: '' } });
    expect([field.statusCode, field.json()]).toEqual([400, { error: 'title: Title is required' }]);
  });

  it('HttpErrors keep their status and message; unknown errors hide their message', async () => {
    build();
    const nf = await app.inject('/missing');
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toEqual({ error: 'Document not found' });
    const boom = await app.inject('/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: 'Internal server error' });
  });

  it('unknown routes answer 404 { error }', async () => {
    const res = await build().inject('/nope?token=x');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /nope' });
  });

  it('takes the request id from x-request-id, or makes one, and echoes it', async () => {
    build();
    const given = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { title: 'a' },
      headers: { 'x-request-id': 'req-123' },
    });
    expect(given.headers['x-request-id']).toBe('req-123');
    expect(given.json().id).toBe('req-123');
    const made = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { title: 'a' },
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/metrics exposes the HTTP duration histogram by route and status, and process metrics', async () => {
    build();
    await app.inject({ method: 'POST', url: '/things', payload: { title: 'a' } });
    await app.inject('/missing');
    const text = (await app.inject('/metrics')).body;
    const count = (labels: string[]) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('http_request_duration_seconds_count{') && labels.every((x) => l.includes(x)))
        .map((l) => Number(l.split(' ').pop()));
    expect(count(['method="POST"', 'route="/things"', 'status_code="200"', 'service="svc"'])).toEqual([1]);
    expect(count(['method="GET"', 'route="/missing"', 'status_code="404"'])).toEqual([1]);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('believes X-Forwarded-For only from the gateway (loopback by default), never from another peer', async () => {
    app = createServiceApp({ name: 'svc', logger });
    app.get('/ip', async (req) => ({ ip: req.ip }));
    const viaGateway = await app.inject({
      url: '/ip',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaGateway.json()).toEqual({ ip: '203.0.113.9' });
    const direct = await app.inject({
      url: '/ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(direct.json()).toEqual({ ip: '10.1.2.3' });
    await app.close();
    app = createServiceApp({ name: 'svc', logger, trustedProxies: ['10.0.0.0/8'] });
    app.get('/ip', async (req) => ({ ip: req.ip }));
    expect(
      (
        await app.inject({ url: '/ip', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '203.0.113.9' } })
      ).json(),
    ).toEqual({ ip: '203.0.113.9' });
    expect(
      (
        await app.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })
      ).json(),
    ).toEqual({ ip: '127.0.0.1' });
  });

  it('/metrics answers peers on this host, or anyone with METRICS_TOKEN when set, and keeps the queue depth', async () => {
    const queue = { depth: async (name: string) => (name === 'documents.process' ? 7 : 0) } as unknown as JobQueue;
    app = createServiceApp({ name: 'svc', logger, queue, queues: ['documents.process'] });
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    // A forwarded header naming loopback does not make a remote peer local.
    expect(
      (await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body).toContain(
      'job_queue_depth{queue="documents.process",service="svc"} 7',
    );
    await app.close();

    app = createServiceApp({
      name: 'svc',
      logger,
      queue,
      queues: ['documents.process'],
      metricsToken: 'scrape-token-0123456789',
    });
    expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const scraped = await app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('job_queue_depth{queue="documents.process",service="svc"} 7');
  });
});
