import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { DOCUMENT_TOO_LARGE_MESSAGE } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExecutable, scannedPagePng } from './fixtures/generate';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';

const MB = 1024 * 1024;

/** Streams `size` bytes of a "PDF" in 1 MB chunks, never holding more than one chunk. */
function bigPdfStream(size: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(MB, 0x20);
  const header = Buffer.from('%PDF-1.4\n');
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(MB, size - sent);
      const piece = sent === 0 ? Buffer.concat([header, chunk.subarray(header.length, n)]) : chunk.subarray(0, n);
      sent += n;
      this.push(piece);
    },
  });
}

/** POSTs a multipart upload of a generated body over real HTTP; chunked unless a length is declared. */
function post(
  url: string,
  token: string,
  body: Readable,
  headers: Record<string, string | number>,
): Promise<{ status: number; json: { error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString() || '{}') }),
        );
      },
    );
    // The server may answer and close before the whole body is sent.
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    body.pipe(req);
  });
}

describe('upload limits and type checks', () => {
  let h: DocumentsHarness;
  let token: string;
  let url: string;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    token = await h.token('user-limits');
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/documents/upload`;
  });
  afterAll(async () => {
    await h?.close();
  });

  const nothingStored = async () => {
    expect(await h.deps.storage.list('documents/')).toEqual([]);
    const db = h.deps.database.db;
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
    const events = await db.selectFrom('outbox').select('payload').execute();
    expect(events.filter((e) => e.payload.type === 'document.uploaded' && e.payload.data.size > 100_000_000)).toEqual(
      [],
    );
  };

  it('refuses a streamed 201 MB upload with 413 and the spec message, leaving nothing behind', async () => {
    const form = multipart('big.pdf', Buffer.alloc(0));
    const body = Readable.from(
      (async function* () {
        yield form.head;
        yield* bigPdfStream(201 * MB);
        yield form.tail;
      })(),
    );
    const res = await post(url, token, body, {
      'content-type': form.headers['content-type'],
      'transfer-encoding': 'chunked',
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
    await nothingStored();
  });

  it('refuses a declared 201 MB body before reading it', async () => {
    const form = multipart('big.pdf', Buffer.alloc(0));
    const res = await post(url, token, bigPdfStream(2 * MB), {
      'content-type': form.headers['content-type'],
      'content-length': 201 * MB + 300,
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
    await nothingStored();
  });

  it('stores exactly the bytes sent, streamed in chunks, under an id', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * MB)]);
    const form = multipart('Grandpa’s papers.pdf', Buffer.alloc(0));
    const body = Readable.from(
      (async function* () {
        yield form.head;
        for (let i = 0; i < content.length; i += 100_000) yield content.subarray(i, i + 100_000);
        yield form.tail;
      })(),
    );
    const res = await post(url, token, body, {
      'content-type': form.headers['content-type'],
      'transfer-encoding': 'chunked',
    });
    expect(res.status).toBe(201);
    const doc = res.json as { _id: string; size: number; originalName: string };
    expect(doc.size).toBe(content.length);
    expect(doc.originalName).toBe('Grandpa’s papers.pdf');
    const objects = await h.deps.storage.list('documents/');
    expect(objects.map((o) => o.key)).toEqual([`documents/user-limits/${doc._id}/original`]);
    const chunks: Buffer[] = [];
    for await (const c of await h.deps.storage.get(objects[0]!.key)) chunks.push(c as Buffer);
    expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex')).toBe(
      createHash('sha256').update(content).digest('hex'),
    );
    await h.app.inject({
      method: 'DELETE',
      url: `/api/documents/${doc._id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  });

  const upload = async (name: string, content: Buffer, field?: string) => {
    const form = multipart(name, content, { field });
    return h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };

  it('refuses a renamed executable, naming the accepted types', async () => {
    for (const name of ['family-tree.pdf', 'notes.txt', 'setup.exe']) {
      const res = await upload(name, fakeExecutable());
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Accepted types: pdf, jpg, jpeg, png, doc, docx, txt/);
    }
    await nothingStored();
  });

  it('refuses content that disagrees with its extension', async () => {
    const png = await scannedPagePng('Hello', { dpi: 30 });
    const res = await upload('scan.pdf', png);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/PNG.*\.pdf/);
    expect((await upload('scan.png', png)).statusCode).toBe(201);
  });

  it('asks for a file when none is sent', async () => {
    expect((await upload('a.txt', Buffer.from('x'), 'other')).statusCode).toBe(400);
    const empty = await upload('empty.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const none = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('Please select a file to upload');
  });

  it('requires a session', async () => {
    const form = multipart('a.txt', Buffer.from('hello'));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(401);
  });
});
