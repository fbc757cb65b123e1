import { CONVERSATION_MESSAGE_CREATED } from '@gnology/contracts';
import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrations } from '../src/migrations';

requireInfra('DATABASE_URL');

/**
 * POST /internal/conversations/:id/exchange (decision 0245): the research service saves a
 * question and its answer in one call and one transaction, owner-checked like the other internal routes.
 */
let svc: TestService;
let app: FastifyInstance;
let alice: string;
const SECRET = { 'x-internal-token': 'test-internal-token-0123456789' };

beforeAll(async () => {
  svc = await createTestService({ name: 'conversation', schema: 'conversation', migrations });
  app = await buildApp(svc as never);
  alice = await svc.signer.sign({ id: 'user-alice' });
});
afterAll(async () => {
  await app?.close();
  await svc?.cleanup();
});

async function newConversation(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { authorization: `Bearer ${alice}` },
    payload: {},
  });
  return res.json().id;
}

const exchange = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = SECRET) =>
  app.inject({ method: 'POST', url: `/internal/conversations/${id}/exchange`, headers, payload });

async function read(id: string, userId = 'user-alice') {
  return app.inject({ method: 'GET', url: `/internal/conversations/${id}?userId=${userId}`, headers: SECRET });
}

const QUESTION = { type: 'user', content: 'Where was Anna Weber born?', timestamp: '2026-11-27T10:00:00.000Z' };
const ANSWER = {
  type: 'assistant',
  content: 'Anna Weber was born in Kassel.',
  tokens: { input: 10, output: 8, total: 18, saved: 0, savingsPercentage: 0, max: 6000 },
  tokenBalance: { remaining: 982 },
  cost: 0.0001,
};

describe('POST /internal/conversations/:id/exchange', () => {
  it('saves the question and the answer in order, with one event each, and names the conversation', async () => {
    const id = await newConversation();
    const res = await exchange(id, { userId: 'user-alice', messages: [QUESTION, ANSWER] });
    expect(res.statusCode).toBe(201);
    const saved = res.json().messages;
    expect(saved.map((m: { type: string }) => m.type)).toEqual(['user', 'assistant']);
    expect(saved[0]).toMatchObject({ content: QUESTION.content, timestamp: QUESTION.timestamp });
    expect(saved[1]).toMatchObject({
      content: ANSWER.content,
      tokens: ANSWER.tokens,
      tokenBalance: { remaining: 982 },
    });

    const conversation = (await read(id)).json();
    expect(conversation.messageCount).toBe(2);
    expect(conversation.title).toBe('Where was Anna Weber born?');
    expect(conversation.messages.map((m: { id: string }) => m.id)).toEqual(saved.map((m: { id: string }) => m.id));

    const events = await svc.database.pool.query<{ payload: { type: string; data: { messageId: string } } }>(
      'select payload from outbox where key = $1 order by id',
      [id],
    );
    expect(events.rows.map((r) => r.payload.type)).toEqual([
      CONVERSATION_MESSAGE_CREATED,
      CONVERSATION_MESSAGE_CREATED,
    ]);
    expect(events.rows.map((r) => r.payload.data.messageId)).toEqual(saved.map((m: { id: string }) => m.id));
    // Both messages' words join the user's search vocabulary.
    const terms = await svc.database.pool.query<{ term: string }>(
      "select term from user_terms where user_id = 'user-alice' and term in ('anna', 'kassel')",
    );
    expect(terms.rows.map((r) => r.term).sort()).toEqual(['anna', 'kassel']);
  });

  it('answers 404 for another user’s conversation and saves nothing', async () => {
    const id = await newConversation();
    const res = await exchange(id, { userId: 'user-bob', messages: [QUESTION, ANSWER] });
    expect(res.statusCode).toBe(404);
    const conversation = (await read(id)).json();
    expect(conversation.messages).toEqual([]);
    expect(conversation.messageCount).toBe(0);
  });

  it('answers 404 without the shared secret, and 400 for no messages or more than two', async () => {
    const id = await newConversation();
    expect((await exchange(id, { userId: 'user-alice', messages: [QUESTION] }, {})).statusCode).toBe(404);
    expect((await exchange(id, { userId: 'user-alice', messages: [] })).statusCode).toBe(400);
    expect((await exchange(id, { userId: 'user-alice', messages: [QUESTION, ANSWER, QUESTION] })).statusCode).toBe(400);
    expect((await read(id)).json().messages).toEqual([]);
  });
});
