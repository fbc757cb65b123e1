import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { createLogger } from '@gnology/platform/logger';
import { createTestSigner, type TestSigner } from '@gnology/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app';
import { createGatewayContext } from '../src/context';
import { configWithOneUpstream } from './helpers/config';

/**
 * Issue 29, point 3: a client that opens a request and never finishes it (headers that never end,
 * a body declared and never sent, or trickled a byte at a time) must be answered 408 by the
 * gateway within its timeouts, and must not hold a connection of the gateway's pool to the
 * service: 128 such requests used to block a service for everyone. An honest body that arrives
 * slowly but above the minimum rate still goes through. Raw sockets, so nothing finishes a
 * request for us.
 */
const HEADERS_TIMEOUT_MS = 1000;
const BODY_RATE_WINDOW_MS = 1000;
const BODY_MIN_RATE = 1024;
/** How long a test waits for an answer: several times the timeouts, far less than "never". */
const PATIENCE_MS = 10_000;

let upstream: FastifyInstance;
let upstreamUrl: string;
let signer: TestSigner;
/** Requests marked `x-slow` that reached the service (the gateway's pool took a connection for them). */
let slowAtUpstream = 0;

const gateways: FastifyInstance[] = [];

async function startGateway(env: Record<string, string>): Promise<number> {
  const config = configWithOneUpstream(upstreamUrl, {
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_USER: '100000',
    RATE_LIMIT_AUTH: '100000',
    ...env,
  });
  const gateway = await buildGateway(
    createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), { verifier: signer.verifier }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  gateways.push(gateway);
  return (gateway.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  signer = await createTestSigner();
  upstream = Fastify({ bodyLimit: 300 * 1024 * 1024 });
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  upstream.addHook('onRequest', async (req) => {
    if (req.headers['x-slow']) slowAtUpstream++;
  });
  upstream.get('/readyz', async () => ({ status: 'ready' }));
  upstream.all('/*', async (req) => ({ path: req.url, bytes: Buffer.isBuffer(req.body) ? req.body.length : 0 }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  await upstream?.close();
});

/** A raw connection to the gateway with `head` written as is. */
function open(port: number, head: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.off('error', reject);
      socket.on('error', () => {});
      socket.write(head, () => resolve(socket));
    });
    socket.once('error', reject);
  });
}

/** What the gateway sent on `socket` until it closed it, or undefined if it still had not after `ms`. */
function answerOf(socket: Socket, ms = PATIENCE_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      text += d;
    });
    const timer = setTimeout(() => resolve(undefined), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function loginHead(port: number, contentLength: number, extra = ''): string {
  return (
    'POST /api/auth/login HTTP/1.1\r\n' +
    `Host: 127.0.0.1:${port}\r\n` +
    'Content-Type: application/json\r\n' +
    'X-Slow: 1\r\n' +
    extra +
    `Content-Length: ${contentLength}\r\n\r\n`
  );
}

/** A whole request over a raw socket; resolves with the gateway's answer (status and body), or undefined after `ms`. */
async function ask(
  port: number,
  method: string,
  path: string,
  body = '',
  headers = '',
  ms = PATIENCE_MS,
): Promise<{ status: number; body: string } | undefined> {
  const socket = await open(
    port,
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${headers}` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : '') +
      `\r\n${body}`,
  );
  const text = await answerOf(socket, ms);
  socket.destroy();
  if (text === undefined) return undefined;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, body: text.slice(text.indexOf('\r\n\r\n') + 4) };
}

describe('slow clients at the gateway', () => {
  let port: number;
  beforeAll(async () => {
    port = await startGateway({
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      BODY_RATE_WINDOW_MS: String(BODY_RATE_WINDOW_MS),
      BODY_MIN_RATE: String(BODY_MIN_RATE),
    });
  });

  it('answers 408 to a request whose headers never finish', async () => {
    const socket = await open(port, `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: applic`);
    const answer = await answerOf(socket);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never starts a request', async () => {
    const socket = await open(port, '');
    const answer = await answerOf(socket);
    socket.destroy();
    expect(answer).toBe('');
  });

  it('answers 408 to a body declared and never sent, without taking a connection to the service', async () => {
    const before = slowAtUpstream;
    const socket = await open(port, loginHead(port, 100));
    const answer = await answerOf(socket);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/too slowly/);
    expect(slowAtUpstream).toBe(before);
  });

  it('answers 408 to a body trickled below the minimum rate', async () => {
    const socket = await open(port, loginHead(port, 2000));
    const answer = answerOf(socket);
    const trickle = setInterval(() => socket.writable && socket.write('x'), 100);
    try {
      expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it('answers 408 to an upload that stops arriving', async () => {
    const token = await signer.sign({ id: 'slow-uploader' });
    const socket = await open(
      port,
      'POST /api/documents/upload HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 500000\r\n\r\n',
    );
    const answer = answerOf(socket);
    // A first part, then nothing more.
    socket.write(`--b\r\nContent-Disposition: form-data; name="document"; filename="a.txt"\r\n\r\n${'a'.repeat(8000)}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
    socket.destroy();
  });

  it('holds an API body sent in chunks to 1 MB, as read (no declared length to check)', async () => {
    const socket = await open(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: 1\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const answer = answerOf(socket);
    const piece = 'z'.repeat(64 * 1024);
    for (let i = 0; i < 20 && socket.writable; i++) {
      socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
      await sleep(10);
    }
    expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
    socket.destroy();
  });

  it('takes a body that arrives slowly but above the minimum rate, on the API and on the upload', async () => {
    // 3 KB/s for about three windows of the rate check: slow, but honest.
    const send = async (path: string, headers: string, total: number) => {
      const socket = await open(
        port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${headers}Content-Length: ${total}\r\n\r\n`,
      );
      const answer = answerOf(socket, 30_000);
      for (let sent = 0; sent < total; sent += 300) {
        socket.write('y'.repeat(Math.min(300, total - sent)));
        await sleep(100);
      }
      const text = await answer;
      socket.destroy();
      return text;
    };
    const api = await send('/api/auth/login', 'Content-Type: application/json\r\n', 9000);
    expect(api).toMatch(/^HTTP\/1\.1 200 /);
    expect(api).toContain('"bytes":9000');
    const token = await signer.sign({ id: 'honest-uploader' });
    const upload = await send(
      '/api/documents/upload',
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=b\r\n`,
      9000,
    );
    expect(upload).toMatch(/^HTTP\/1\.1 200 /);
    expect(upload).toContain('"bytes":9000');
  });
});

describe('many slow clients at once', () => {
  it('keeps answering other clients while 150 slow requests are open, none of them at the service', async () => {
    // A long rate window, so that the slow requests are all still open while the others ask.
    const port = await startGateway({ BODY_RATE_WINDOW_MS: '30000', HEADERS_TIMEOUT_MS: '30000' });
    const before = slowAtUpstream;
    const token = await signer.sign({ id: 'slow-many' });
    const sockets = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        open(
          port,
          i % 5 === 0
            ? 'POST /api/documents/upload HTTP/1.1\r\n' +
                `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nX-Slow: 1\r\n` +
                'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n'
            : loginHead(port, 200),
        ),
      ),
    );
    try {
      // Let the gateway take them all in (and, if it would, send them on to the service).
      await sleep(1000);
      const signIn = await ask(port, 'POST', '/api/auth/login', '{"email":"a@example.com","password":"secret"}');
      expect(signIn?.status).toBe(200);
      const other = await ask(port, 'GET', '/api/auth/.well-known/jwks.json');
      expect(other?.status).toBe(200);
      expect(slowAtUpstream).toBe(before);
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  it('keeps the rest of the documents API answering while 130 uploads arrive slowly', async () => {
    // Uploads at (just above) the minimum rate are honest as far as the gateway can tell: they go
    // on to the service, each holding its connection, but in a pool of their own.
    const port = await startGateway({ BODY_RATE_WINDOW_MS: '30000', BODY_MIN_RATE: '1' });
    const token = await signer.sign({ id: 'slow-uploads' });
    const sockets = await Promise.all(
      Array.from({ length: 130 }, () =>
        open(
          port,
          'POST /api/documents/upload HTTP/1.1\r\n' +
            `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
            'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n' +
            '--b\r\nContent-Disposition: form-data; name="document"; filename="a.txt"\r\n\r\n',
        ),
      ),
    );
    try {
      await sleep(1000);
      const list = await ask(port, 'GET', '/api/documents', '', `Authorization: Bearer ${token}\r\n`);
      expect(list?.status).toBe(200);
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});
