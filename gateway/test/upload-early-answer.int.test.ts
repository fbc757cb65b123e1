import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { DOCUMENT_TOO_LARGE_MESSAGE } from '@gnology/contracts';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../services/documents/test/helpers/service';
import { buildGateway } from '../src/app';
import { gatewayEnvSchema } from '../src/config';
import { createGatewayContext } from '../src/context';

/**
 * Issue 14: the documents service refuses an upload as soon as it has seen the file's first bytes
 * (a disguised file) or its declared size, while the body is still arriving. The gateway in front
 * of it must pass that answer on (status and message), not 503 "service unavailable".
 */
const KB = 1024;
const MB = 1024 * KB;

type Answer = { status: number; json: { error?: string } };

/** POSTs a body over real HTTP, streamed in 16 KB pieces; the answer may come before the body is all sent. */
function post(
  url: string,
  token: string,
  body: Buffer | Readable,
  headers: Record<string, string | number>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString();
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || '{}') });
          } catch {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
          }
        });
        res.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is sent: that is the point here.
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    const stream = Buffer.isBuffer(body) ? Readable.from(chunks(body, 16 * KB)) : body;
    stream.pipe(req);
  });
}

function* chunks(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/** A multipart body of `size` bytes of text that claims to be a PDF, generated 1 MB at a time. */
function disguisedPdfStream(size: number, boundaryParts: { head: Buffer; tail: Buffer }): Readable {
  let sent = 0;
  const line = Buffer.alloc(MB, 'not a pdf at all, only words. ');
  return Readable.from(
    (function* () {
      yield boundaryParts.head;
      while (sent < size) {
        const n = Math.min(MB, size - sent);
        sent += n;
        yield line.subarray(0, n);
      }
      yield boundaryParts.tail;
    })(),
  );
}

describe('gateway in front of the documents service: early refusals', () => {
  let h: DocumentsHarness;
  let gateway: FastifyInstance;
  let url: string;
  let token: string;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const documentsUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const config = gatewayEnvSchema.parse({
      DOCUMENTS_URL: documentsUrl,
      WEB_DIR: '/nonexistent',
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
    });
    gateway = await buildGateway(
      createGatewayContext(config, createLogger({ service: 'gateway', level: 'silent' }), {
        verifier: h.deps.verifier,
      }),
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/api/documents/upload`;
    token = await h.token('user-gateway-early');
  });
  afterAll(async () => {
    await gateway?.close();
    await h?.close();
  });

  const ACCEPTED = 'Unsupported file type. Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.';
  const asText = `The file's content (TXT) does not match its .pdf extension. Rename it or convert it. ${ACCEPTED}`;
  const asNothing = `The file's content does not match its .pdf extension (it is not a document of a supported type). ${ACCEPTED}`;

  it('answers a 215 KB disguised PDF with the documents service’s 400 and message, every time', async () => {
    const direct = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/documents/upload`;
    const cases: [Buffer, string][] = [
      [Buffer.alloc(215 * KB, 'Dear cousin, these are only words. '), asText],
      [randomBytes(215 * KB), asNothing],
    ];
    for (const [content, message] of cases) {
      const body = multipart('census 1880.pdf', content, { contentType: 'application/pdf' });
      const headers = { ...body.headers, 'content-length': body.payload.length };
      // What the service itself answers, for comparison.
      const own = await post(direct, token, body.payload, headers);
      expect(own).toEqual({ status: 400, json: { error: message } });
      // Several times: the refusal races the rest of the body.
      for (let i = 0; i < 5; i++) {
        const res = await post(url, token, body.payload, headers);
        expect(res.status, JSON.stringify(res.json)).toBe(400);
        expect(res.json).toEqual({ error: message });
      }
    }
    // Nothing was stored.
    const list = await gateway.inject({
      method: 'GET',
      url: '/api/documents',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain('census 1880.pdf');
  });

  it('answers a disguised PDF of several MB, streamed without a declared length, with the same 400', async () => {
    const body = multipart('big.pdf', Buffer.alloc(0), { contentType: 'application/pdf' });
    const res = await post(url, token, disguisedPdfStream(12 * MB, body), {
      ...body.headers,
      'transfer-encoding': 'chunked',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toEqual({ error: asText });
  });

  it('answers an upload the service finds too large while it arrives with its 413 message, not 503', async () => {
    // 201 MB of a real-looking PDF, chunked: only the service, counting, can see it is too large.
    const body = multipart('huge.pdf', Buffer.alloc(0), { contentType: 'application/pdf' });
    const size = 201 * MB;
    let sent = 0;
    const piece = Buffer.alloc(MB, 0x20);
    const header = Buffer.from('%PDF-1.4\n');
    const stream = Readable.from(
      (function* () {
        yield body.head;
        yield header;
        while (sent < size) {
          const n = Math.min(MB, size - sent);
          sent += n;
          yield piece.subarray(0, n);
        }
        yield body.tail;
      })(),
    );
    const res = await post(url, token, stream, { ...body.headers, 'transfer-encoding': 'chunked' });
    expect(res.status, JSON.stringify(res.json)).toBe(413);
    expect(res.json.error).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
  });
});
