import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../documents/test/helpers/service';
import { buildApp } from '../src/app';
import { migrations } from '../src/migrations';

requireInfra('DATABASE_URL');

// Issue 13: a conversation is titled from its first question, and keeps its selected documents,
// checked against their owner by a real documents service listening on a loopback port.
let documents: DocumentsHarness;
let svc: TestService;
let app: FastifyInstance;
let alice: string;
let bob: string;

beforeAll(async () => {
  documents = await startDocuments();
  await documents.app.listen({ port: 0, host: '127.0.0.1' });
  const address = documents.app.server.address();
  const documentsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  svc = await createTestService({
    name: 'conversation',
    schema: 'conversation',
    migrations,
    env: { DOCUMENTS_URL: documentsUrl },
  });
  app = await buildApp(svc as never);
  alice = await svc.signer.sign({ id: 'user-alice' });
  bob = await svc.signer.sign({ id: 'user-bob' });
});
afterAll(async () => {
  await app?.close();
  await svc?.cleanup();
  await documents?.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(token: string, title?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: as(token),
    payload: title === undefined ? {} : { title },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string; selectedDocuments: string[] };
}

async function ask(token: string, id: string, content: string, type: 'user' | 'assistant' = 'user') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    headers: as(token),
    payload: { type, content },
  });
  expect(res.statusCode).toBe(201);
}

const titleOf = async (token: string, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: as(token) })).json().title as string;

async function upload(userId: string, name: string): Promise<string> {
  const form = multipart(name, Buffer.from(`Parish register, ${name}: baptism of Johann Schmidt, 1850.\n`), {
    contentType: 'text/plain',
  });
  const token = await documents.token(userId);
  const res = await documents.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json()._id as string;
}

describe('a conversation titled from its first question', () => {
  it('takes the first question as its title when created without one', async () => {
    const c = await create(alice);
    await ask(alice, c.id, '  Who were the parents of   John Henry Whitfield?  ');
    expect(await titleOf(alice, c.id)).toBe('Who were the parents of John Henry Whitfield?');
    const list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: as(alice) })).json();
    expect(list.conversations.find((x: { id: string }) => x.id === c.id).title).toBe(
      'Who were the parents of John Henry Whitfield?',
    );
  });

  it('cuts a long question on a word boundary with an ellipsis', async () => {
    const c = await create(alice);
    await ask(alice, c.id, 'Who were the parents of John Henry Whitfield and when did he marry Mary Ann in Raleigh?');
    const title = await titleOf(alice, c.id);
    expect(title).toBe('Who were the parents of John Henry Whitfield and when did he…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('replaces the placeholder title an older client sent', async () => {
    const c = await create(alice, 'Research Session 11/2/2026, 10:14:03');
    await ask(alice, c.id, 'Where was Margaret born?');
    expect(await titleOf(alice, c.id)).toBe('Where was Margaret born?');
  });

  it('uses only the first question: later messages and Gene’s answers do not rename it', async () => {
    const c = await create(alice);
    await ask(alice, c.id, 'Gene’s answer first', 'assistant');
    await ask(alice, c.id, 'When did Thomas die?');
    await ask(alice, c.id, 'And where was he buried?');
    expect(await titleOf(alice, c.id)).toBe('When did Thomas die?');
  });

  it('keeps a title the user gave, at creation or by renaming', async () => {
    const named = await create(alice, 'Whitfield line');
    await ask(alice, named.id, 'Who were the parents of John Henry Whitfield?');
    expect(await titleOf(alice, named.id)).toBe('Whitfield line');

    const renamed = await create(alice);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${renamed.id}`,
      headers: as(alice),
      payload: { title: 'Sullivan family' },
    });
    expect(put.statusCode).toBe(200);
    await ask(alice, renamed.id, 'When was Margaret Sullivan born?');
    expect(await titleOf(alice, renamed.id)).toBe('Sullivan family');
  });
});

describe('the documents selected for a conversation', () => {
  it('are stored, returned with the conversation, and only the owner’s documents are kept', async () => {
    const [a1, a2, b1] = [
      await upload('user-alice', 'a1.txt'),
      await upload('user-alice', 'a2.txt'),
      await upload('user-bob', 'b1.txt'),
    ];
    const c = await create(alice, 'Selection');
    expect(c.selectedDocuments).toEqual([]);
    const unknown = '0123456789abcdef01234567';
    const put = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: { documentIds: [a2, b1, unknown, a1] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ documentIds: [a2, a1] });
    const got = (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json();
    expect(got.selectedDocuments).toEqual([a2, a1]);

    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: { documentIds: [] },
    });
    expect(cleared.json()).toEqual({ documentIds: [] });
    expect(
      (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json()
        .selectedDocuments,
    ).toEqual([]);
  });

  it('answers 404 for another user’s conversation and leaves its selection alone', async () => {
    const a1 = await upload('user-alice', 'mine.txt');
    const b1 = await upload('user-bob', 'theirs.txt');
    const c = await create(alice, 'Private selection');
    await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: { documentIds: [a1] },
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(bob),
      payload: { documentIds: [b1] },
    });
    expect(res.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'PUT',
      url: '/api/conversations/not-an-id/documents',
      headers: as(alice),
      payload: { documentIds: [] },
    });
    expect(malformed.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json()
        .selectedDocuments,
    ).toEqual([a1]);
  });

  it('refuses ids that are not document ids and too long a selection', async () => {
    const c = await create(alice, 'Validation');
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: { documentIds: ['../etc/passwd'] },
    });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 201 }, (_, i) => i.toString(16).padStart(24, '0'));
    const tooMany = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: { documentIds: many },
    });
    expect(tooMany.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}/documents`,
      headers: as(alice),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });
});
