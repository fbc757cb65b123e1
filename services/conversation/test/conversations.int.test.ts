import { CONVERSATION_MESSAGE_CREATED } from '@gnology/contracts';
import { TOPICS } from '@gnology/platform/events/topics';
import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrations } from '../src/migrations';

requireInfra('DATABASE_URL');

let svc: TestService;
let app: FastifyInstance;
let alice: string;
let bob: string;

beforeAll(async () => {
  svc = await createTestService({ name: 'conversation', schema: 'conversation', migrations });
  app = await buildApp(svc as never);
  alice = await svc.signer.sign({ id: 'user-alice' });
  bob = await svc.signer.sign({ id: 'user-bob' });
});
afterAll(async () => {
  await app?.close();
  await svc?.cleanup();
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
  return res.json();
}

describe('conversation routes', () => {
  it('refuses calls without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/conversations' });
    expect(res.statusCode).toBe(401);
  });

  it('creates with a default "Research Session" title, with both _id and id as 24-hex ids', async () => {
    const c = await create(alice);
    expect(c.title).toMatch(/^Research Session \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(c._id).toMatch(/^[0-9a-f]{24}$/);
    expect(c.id).toBe(c._id);
    expect(c.messages).toEqual([]);
  });

  it('keeps every field of a message and orders messages as saved', async () => {
    const c = await create(alice, 'Fields');
    const user = await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: as(alice),
      payload: {
        type: 'user',
        content: 'Who was Johann Schmidt?',
        requestType: 'regular',
        documents: ['0123456789abcdef01234567'],
      },
    });
    expect(user.statusCode).toBe(201);
    const tokens = { input: 1200, output: 300, total: 1500, saved: 1000, savingsPercentage: 83.3, max: 6000 };
    const assistant = await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: as(alice),
      payload: {
        type: 'assistant',
        content: 'Johann Schmidt was baptised in 1850.',
        requestType: 'regular',
        tokens,
        tokenBalance: { remaining: 48_500 },
        cost: 0.012,
      },
    });
    expect(assistant.statusCode).toBe(201);
    const got = (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json();
    expect(got.messages).toHaveLength(2);
    expect(got.messages[0]).toMatchObject({
      type: 'user',
      requestType: 'regular',
      documents: ['0123456789abcdef01234567'],
      tokens: null,
      cost: null,
    });
    expect(got.messages[1]).toMatchObject({
      type: 'assistant',
      tokens,
      tokenBalance: { remaining: 48_500 },
      cost: 0.012,
      documents: null,
    });
    expect(got.messages[1].id).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.parse(got.messages[1].timestamp)).not.toBeNaN();
    expect(got.messageCount).toBe(2);
  });

  it('writes conversation.message.created to the outbox in the same transaction', async () => {
    const c = await create(alice, 'Outbox');
    const m = (
      await app.inject({
        method: 'POST',
        url: `/api/conversations/${c.id}/messages`,
        headers: as(alice),
        payload: { type: 'user', content: 'hello' },
      })
    ).json();
    const rows = await svc.database.db.selectFrom('outbox').selectAll().where('key', '=', c.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].topic).toBe('gnology.conversations.v1');
    expect(rows[0].payload).toMatchObject({
      type: 'conversation.message.created',
      subject: m.id,
      data: { conversationId: c.id, messageId: m.id, userId: 'user-alice', type: 'user' },
    });
  });

  it('lists by last activity, newest first', async () => {
    const token = await svc.signer.sign({ id: 'user-lister' });
    const a = await create(token, 'First');
    const b = await create(token, 'Second');
    await app.inject({
      method: 'POST',
      url: `/api/conversations/${a.id}/messages`,
      headers: as(token),
      payload: { type: 'user', content: 'bump' },
    });
    const list = (await app.inject({ method: 'GET', url: '/api/conversations?limit=1000', headers: as(token) })).json();
    expect(list.conversations.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
    expect(list.conversations[0]).toMatchObject({ _id: a.id, title: 'First', messageCount: 1 });
  });

  it('refuses a limit above 1000', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/conversations?limit=1001', headers: as(alice) });
    expect(res.statusCode).toBe(400);
  });

  it('renames, refusing a blank title', async () => {
    const c = await create(alice, 'Old');
    const blank = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}`,
      headers: as(alice),
      payload: { title: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/conversations/${c.id}`,
      headers: as(alice),
      payload: { title: '  Müller family  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().title).toBe('Müller family');
  });

  it('answers 404 for another user’s conversation on every route', async () => {
    const c = await create(alice, 'Private');
    const base = `/api/conversations/${c.id}`;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['PUT', base, { title: 'Mine now' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/messages`, { type: 'user', content: 'x' }],
    ] as const) {
      const res = await app.inject({ method, url, headers: as(bob), payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await app.inject({ method: 'GET', url: base, headers: as(alice) });
    expect(still.json().title).toBe('Private');
  });

  it('deletes a conversation with its messages', async () => {
    const c = await create(alice, 'Doomed');
    await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: as(alice),
      payload: { type: 'user', content: 'bye' },
    });
    const del = await app.inject({ method: 'DELETE', url: `/api/conversations/${c.id}`, headers: as(alice) });
    expect(del.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).statusCode,
    ).toBe(404);
    const left = await svc.database.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', c.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('serves the research service through internal routes, owner-checked, behind the shared secret', async () => {
    const c = await create(alice, 'Internal');
    const secret = { 'x-internal-token': 'test-internal-token-0123456789' };
    const noSecret = await app.inject({ method: 'GET', url: `/internal/conversations/${c.id}?userId=user-alice` });
    expect(noSecret.statusCode).toBe(404);
    const save = await app.inject({
      method: 'POST',
      url: `/internal/conversations/${c.id}/messages`,
      headers: secret,
      payload: { userId: 'user-alice', type: 'assistant', content: 'Saved by research', requestType: 'chapter' },
    });
    expect(save.statusCode).toBe(201);
    const wrongUser = await app.inject({
      method: 'GET',
      url: `/internal/conversations/${c.id}?userId=user-bob`,
      headers: secret,
    });
    expect(wrongUser.statusCode).toBe(404);
    const got = await app.inject({
      method: 'GET',
      url: `/internal/conversations/${c.id}?userId=user-alice`,
      headers: secret,
    });
    expect(got.json().messages[0]).toMatchObject({ content: 'Saved by research', requestType: 'chapter' });
  });
});

async function outboxFor(conversationId: string) {
  const res = await svc.database.pool.query<{ topic: string; key: string; payload: Record<string, unknown> }>(
    'select topic, key, payload from outbox where key = $1 order by id',
    [conversationId],
  );
  return res.rows;
}

describe('conversation.message.created', () => {
  it('is written with the saved message, keyed by the conversation, carrying no message text', async () => {
    const c = await create(alice, 'Events');
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: { ...as(alice), 'x-request-id': 'req-event-1' },
      payload: { type: 'user', content: 'Where was Anna Weber born?' },
    });
    expect(res.statusCode).toBe(201);
    const message = res.json();

    const rows = await outboxFor(c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].topic).toBe(TOPICS.conversations);
    expect(rows[0].payload).toMatchObject({
      type: CONVERSATION_MESSAGE_CREATED,
      source: '/services/conversation',
      subject: message.id,
      data: {
        conversationId: c.id,
        messageId: message.id,
        userId: 'user-alice',
        type: 'user',
        requestType: 'regular',
        length: 'Where was Anna Weber born?'.length,
        timestamp: message.timestamp,
      },
    });
    expect(JSON.stringify(rows[0].payload)).not.toContain('Anna Weber');
  });

  it("is not written when the message is refused (someone else's conversation)", async () => {
    const c = await create(alice, 'Private');
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: as(bob),
      payload: { type: 'user', content: 'hello' },
    });
    expect(res.statusCode).toBe(404);
    expect(await outboxFor(c.id)).toEqual([]);
    const got = (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json();
    expect(got).toMatchObject({ messageCount: 0, messages: [] });
  });
});
