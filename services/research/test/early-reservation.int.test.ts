import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costBound } from '../src/domain/cost';
import { buildProviderRequest } from '../src/domain/provider-request';
import { planRequest } from '../src/domain/request';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

/**
 * Decision 0206: a question whose prompt is likely just Gene's instructions and the question
 * reserves that beside the conversation and library reads; the hold is the request's only when
 * the assembled prompt costs exactly that, and otherwise goes back before the real cost is reserved.
 * (The fake documents service has no library search: the library never answers here.)
 */
let stack: ResearchStack;
const INTERNAL = { 'x-internal-token': 'test-internal-token-0123456789' };

beforeAll(async () => {
  stack = await startResearchStack();
});
afterAll(async () => {
  await stack?.close();
});

/** What billing is asked for a question with nothing but itself in the prompt. */
function bareCost(query: string) {
  const plan = planRequest(query, undefined, { maxRetries: 0 });
  return costBound(buildProviderRequest({ plan, query, history: [], documents: [], people: [] }), plan.estimate);
}

/** What billing is asked for a question after this history. */
function historyCost(history: { type: 'user' | 'assistant'; content: string }[], query: string) {
  const plan = planRequest(query, undefined, { maxRetries: 0 });
  return costBound(buildProviderRequest({ plan, query, history, documents: [], people: [] }), plan.estimate);
}

/** Asks, and answers the status with billing's calls made meanwhile (operation and request id). */
async function ask(userId: string, payload: Record<string, unknown>) {
  const from = stack.billing.calls.length;
  const { research } = await stack.tokens(userId);
  const res = await stack.app.inject({ method: 'POST', url: '/api/research', headers: research, payload });
  return { res, calls: stack.billing.calls.slice(from) };
}

/** The user's slots among requests in flight still taken. */
async function slots(userId: string) {
  return stack.deps.database.db
    .selectFrom('requests_in_flight')
    .select('request_id')
    .where('user_id', '=', userId)
    .execute();
}

async function saveMessage(userId: string, conversationId: string, type: 'user' | 'assistant', content: string) {
  const res = await stack.conversationApp.inject({
    method: 'POST',
    url: `/internal/conversations/${conversationId}/messages`,
    headers: INTERNAL,
    payload: { userId, type, content, requestType: 'regular' },
  });
  expect(res.statusCode).toBe(201);
}

describe('the reservation asked beside the reads (decision 0206)', () => {
  it('is the request’s own when the prompt is just the question: one reserve, settled', async () => {
    const query = 'When was Johann Weber baptised?';
    const { res, calls } = await ask('early-bare', { query });
    expect(res.statusCode).toBe(200);
    expect(calls.map((c) => c.op)).toEqual(['reserve', 'settle']);
    expect(calls[1]!.requestId).toBe(calls[0]!.requestId);
    const cost = bareCost(query);
    expect(calls[0]!.body).toMatchObject({ estimatedTokens: cost.estimate, minimumTokens: cost.minimum });
  });

  it('goes back when the conversation holds history; the real cost is reserved, and the next question there reserves once', async () => {
    const userId = 'early-history';
    const conversationId = await stack.newConversation(userId);
    await saveMessage(userId, conversationId, 'user', 'Who was Johann Weber?');
    await saveMessage(userId, conversationId, 'assistant', 'A weaver of Kassel, born 1850. '.repeat(40));
    const query = 'Where did he live?';

    const first = await ask(userId, { query, conversationId });
    expect(first.res.statusCode).toBe(200);
    expect(first.calls.map((c) => c.op)).toEqual(['reserve', 'release', 'reserve', 'settle']);
    const [early, released, real, settled] = first.calls;
    expect(early!.body).toMatchObject({ estimatedTokens: bareCost(query).estimate });
    expect(released!.requestId).toBe(early!.requestId);
    expect(real!.requestId).not.toBe(early!.requestId);
    expect(settled!.requestId).toBe(real!.requestId);
    // The history's cost is in the hold that paid for the answer.
    expect(real!.body.minimumTokens as number).toBeGreaterThan(bareCost(query).minimum);
    expect(stack.billing.reservations.has(early!.requestId)).toBe(false);
    // The slot, taken under the early id, was the real reservation's and is free again.
    expect(await slots(userId)).toEqual([]);

    // This process now knows the conversation has history: it reserves after the reads only.
    const second = await ask(userId, { query: 'And his children?', conversationId });
    expect(second.res.statusCode).toBe(200);
    expect(second.calls.map((c) => c.op)).toEqual(['reserve', 'settle']);
  });

  it('is asked beside the reads in a conversation whose last exchange this process saved (decision 0245), and goes back when someone wrote there since', async () => {
    const userId = 'early-known';
    const conversationId = await stack.newConversation(userId);
    const ops = (calls: { op: string }[]) => calls.map((c) => c.op);
    expect(ops((await ask(userId, { query: 'Who was Johann Weber?', conversationId })).calls)).toEqual([
      'reserve',
      'settle',
    ]);

    // The history it saved is the history read: one hold, of the real cost.
    const history = (await stack.conversation(userId, conversationId)).messages;
    const second = await ask(userId, { query: 'Where did he live?', conversationId });
    expect(second.res.statusCode).toBe(200);
    expect(ops(second.calls)).toEqual(['reserve', 'settle']);
    const real = historyCost(history, 'Where did he live?');
    expect(second.calls[0]!.body).toMatchObject({ estimatedTokens: real.estimate, minimumTokens: real.minimum });

    // A message saved by someone else meanwhile: the hold asked beside the reads (the history as
    // this process saved it) goes back, and the real cost is reserved, as before.
    const saved = (await stack.conversation(userId, conversationId)).messages;
    await saveMessage(userId, conversationId, 'user', 'A note of my own about the mill. '.repeat(30));
    const third = await ask(userId, { query: 'And his children?', conversationId });
    expect(third.res.statusCode).toBe(200);
    expect(ops(third.calls)).toEqual(['reserve', 'release', 'reserve', 'settle']);
    expect(third.calls[0]!.body).toMatchObject({ estimatedTokens: historyCost(saved, 'And his children?').estimate });
    expect(third.calls[1]!.requestId).toBe(third.calls[0]!.requestId);
    const now = (await stack.conversation(userId, conversationId)).messages.slice(0, -2);
    expect(third.calls[2]!.body).toMatchObject({ estimatedTokens: historyCost(now, 'And his children?').estimate });
    expect(await slots(userId)).toEqual([]);
  });

  it('goes back when the reads refuse the question (another user’s conversation): 404, nothing held', async () => {
    const conversationId = await stack.newConversation('early-owner');
    const { res, calls } = await ask('early-intruder', { query: 'What is in here?', conversationId });
    expect(res.statusCode).toBe(404);
    expect(calls.map((c) => c.op)).toEqual(['reserve', 'release']);
    expect(calls[1]!.requestId).toBe(calls[0]!.requestId);
    expect(stack.billing.reservations.has(calls[0]!.requestId)).toBe(false);
    expect(await slots('early-intruder')).toEqual([]);
  });

  it('answers billing’s refusal as before when the early reservation was the request’s', async () => {
    stack.billing.setBalance('early-broke', 0, 'trial');
    const { res, calls } = await ask('early-broke', { query: 'Anything about Kassel?' });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('trial_ended');
    expect(calls.map((c) => c.op)).toEqual(['reserve']);
    expect(await slots('early-broke')).toEqual([]);
  });

  it('saves the question before the answer in a new conversation', async () => {
    const userId = 'early-order';
    const conversationId = await stack.newConversation(userId);
    const { res } = await ask(userId, { query: 'Who was Anna Weber?', conversationId });
    expect(res.statusCode).toBe(200);
    const conv = await stack.conversation(userId, conversationId);
    expect(conv.messages.map((m: { type: string; content: string }) => [m.type, m.content.length > 0])).toEqual([
      ['user', true],
      ['assistant', true],
    ]);
    expect(conv.messages[0].content).toBe('Who was Anna Weber?');
  });
});
