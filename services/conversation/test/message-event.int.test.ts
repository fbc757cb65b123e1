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

async function outboxFor(conversationId: string) {
  const res = await svc.database.pool.query<{ topic: string; key: string; payload: Record<string, unknown> }>(
    'select topic, key, payload from outbox where key = $1 order by id',
    [conversationId],
  );
  return res.rows;
}

describe('conversation.message.created', () => {
  it('is written with the saved message, keyed by the conversation, carrying no message text', async () => {
    const c = (await app.inject({ method: 'POST', url: '/api/conversations', headers: as(alice), payload: { title: 'Events' } })).json();
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
    const c = (await app.inject({ method: 'POST', url: '/api/conversations', headers: as(alice), payload: { title: 'Private' } })).json();
    const res = await app.inject({ method: 'POST', url: `/api/conversations/${c.id}/messages`, headers: as(bob), payload: { type: 'user', content: 'hello' } });
    expect(res.statusCode).toBe(404);
    expect(await outboxFor(c.id)).toEqual([]);
    const got = (await app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: as(alice) })).json();
    expect(got).toMatchObject({ messageCount: 0, messages: [] });
  });
});
