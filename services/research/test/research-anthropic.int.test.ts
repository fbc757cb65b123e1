import { BALANCE_MESSAGES, CAPACITY_MESSAGE, ERROR_MESSAGES } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promptTokenBound } from '../src/domain/cost';
import { pipelineRequestFor } from './support/requests';
import { parseSse, type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

let fake: FakeAnthropic;
let stack: ResearchStack;
const DOC_A = '65f0a1b2c3d4e5f6a7b8c9d0';
const DOC_B = '65f0a1b2c3d4e5f6a7b8c9d1';
const OTHER_USERS_DOC = '65f0a1b2c3d4e5f6a7b8c9d2';

beforeAll(async () => {
  fake = await startFakeAnthropic();
  stack = await startResearchStack({
    LLM_PROVIDER: '',
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_MODEL: 'claude-test',
  });
  stack.documents.add({
    _id: DOC_B,
    userId: 'ada',
    originalName: 'census-1881.pdf',
    extractedText: 'Johann Weber, 31, born Hesse, living at Mill Lane in 1881.',
  });
  stack.documents.add({
    _id: DOC_A,
    userId: 'ada',
    originalName: 'baptism.txt',
    extractedText: 'Johann Weber was baptised in Kassel on 3 May 1850.',
    peopleIdentified: [{ name: 'Johann Weber', role: 'primary_subject' }],
  });
  stack.documents.add({
    _id: OTHER_USERS_DOC,
    userId: 'eve',
    originalName: 'secret.txt',
    extractedText: 'Eve’s private notes.',
  });
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function ask(userId: string, payload: Record<string, unknown>) {
  const { research } = await stack.tokens(userId);
  return stack.app.inject({ method: 'POST', url: '/api/research', headers: research, payload });
}

describe('research with Anthropic (real SDK against the fake Messages API)', () => {
  it('answers, meters and saves both messages of the exchange', async () => {
    fake.enqueue({
      text: 'The baptism record (Source: "baptism.txt", id 65f0a1b2c3d4e5f6a7b8c9d0) names Johann Weber.',
    });
    const conversationId = await stack.newConversation('ada');
    const res = await ask('ada', { query: 'When was Johann Weber baptised?', documentIds: [DOC_A], conversationId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.response).toContain('names Johann Weber');
    expect(body.requestType).toBe('regular');
    expect(body.provider).toBe('anthropic');
    expect(body.tokenBalance).toMatchObject({
      used: expect.any(Number),
      remaining: expect.any(Number),
      breakdown: { input: expect.any(Number), output: expect.any(Number), saved: 0 },
    });

    // One reservation, settled with the model's own usage.
    const settle = stack.billing.calls.filter((c) => c.op === 'settle').pop()!;
    const usage = fake.requests.length;
    expect(usage).toBe(1);
    expect(settle.body).toMatchObject({
      inputTokens: body.tokenBalance.breakdown.input,
      outputTokens: body.tokenBalance.breakdown.output,
    });

    const conv = await stack.conversation('ada', conversationId);
    expect(conv.messages.map((m: { type: string }) => m.type)).toEqual(['user', 'assistant']);
    expect(conv.messages[0]).toMatchObject({
      content: 'When was Johann Weber baptised?',
      requestType: 'regular',
      documents: [DOC_A],
    });
    expect(conv.messages[1]).toMatchObject({
      content: body.response,
      tokens: { max: 6000 },
      tokenBalance: { remaining: body.tokenBalance.remaining },
    });
    expect(conv.messages[1].tokens.total).toBe(conv.messages[1].tokens.input + conv.messages[1].tokens.output);

    const events = await stack.deps.database.db.selectFrom('outbox').selectAll().execute();
    expect(events.some((e) => (e.payload as { type: string }).type === 'research.completed')).toBe(true);
  });

  it('sends Gene’s prompt and the documents as system blocks in a stable order, with cache_control, for this user only', async () => {
    await ask('ada', { query: 'Summarise', documentIds: [DOC_B, OTHER_USERS_DOC, DOC_A] });
    const body = fake.requests[0]!.body;
    expect(body.model).toBe('claude-test');
    expect(body.stream).toBe(true);
    expect(body.max_tokens).toBe(6000);
    const system = body.system as { text: string; cache_control?: unknown }[];
    expect(system[0]!.text).toMatch(/Genealogical Proof Standard/);
    expect(system[0]!.text).toMatch(/Never invent records/);
    const docBlocks = system.filter((b) => b.text.startsWith('<document'));
    expect(docBlocks.map((b) => b.text.match(/id="([0-9a-f]{24})"/)![1])).toEqual([DOC_A, DOC_B]);
    expect(system[system.length - 1]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(JSON.stringify(body)).not.toContain('private notes');
    expect(stack.documents.calls.pop()).toEqual({ userId: 'ada', documentIds: [DOC_B, OTHER_USERS_DOC, DOC_A] });
  });

  it('counts prompt-cache reads as input and as "saved"', async () => {
    await ask('ada', { query: 'First question', documentIds: [DOC_A, DOC_B] });
    const second = (await ask('ada', { query: 'Second question', documentIds: [DOC_A, DOC_B] })).json();
    const b = second.tokenBalance.breakdown;
    expect(b.saved).toBeGreaterThan(0);
    expect(b.input).toBeGreaterThan(b.saved);
    // Billing's one formula (shared/contracts): saved / (input + output + saved).
    expect(b.savingsPercentage).toBeCloseTo((b.saved / (b.input + b.output + b.saved)) * 100, 0);
  });

  it('passes the per-type timeout to the SDK: 3 minutes regular, 5 chapter, 30 book', async () => {
    await ask('ada', { query: 'Where did he live?' });
    expect(fake.requests[0]!.headers['x-stainless-timeout']).toBe('180');
    expect(fake.requests[0]!.body.max_tokens).toBe(6000);
    fake.reset();
    // 16,000 characters: over 15,000 → 5 minutes even for a regular question.
    await ask('ada', { query: `Transcribe: ${'x'.repeat(16_000)}` });
    expect(fake.requests[0]!.headers['x-stainless-timeout']).toBe('300');
  });

  it('streams deltas, then a done event with the token balance', async () => {
    fake.enqueue({ chunks: ['Johann ', 'Weber ', 'was ', 'baptised ', 'in 1850.'], chunkDelayMs: 5 });
    const { research } = await stack.tokens('ada');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research/stream',
      headers: research,
      payload: { query: 'When?', documentIds: [] },
    });
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(res.body);
    expect(events[0]!.event).toBe('start');
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual(['Johann ', 'Weber ', 'was ', 'baptised ', 'in 1850.']);
    const done = events.pop()!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      tokenBalance: { remaining: expect.any(Number) },
      requestType: 'regular',
      responseLength: 'Johann Weber was baptised in 1850.'.length,
    });
  });

  it('maps a 529 before the stream to the overloaded message and releases the reservation', async () => {
    fake.enqueue({ status: 529, errorType: 'overloaded_error' });
    const conversationId = await stack.newConversation('ada');
    const res = await ask('ada', { query: 'Anything?', conversationId });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(ERROR_MESSAGES.overloaded);
    expect(res.json().error).toBe(
      'Gene is experiencing high demand right now. Please wait 5-10 minutes and try your request again.',
    );
    const last = stack.billing.calls.pop()!;
    expect(last.op).toBe('release');
    // The question stays in the conversation; no answer is saved.
    const conv = await stack.conversation('ada', conversationId);
    expect(conv.messages.map((m: { type: string }) => m.type)).toEqual(['user']);
  });

  it('maps an overloaded_error arriving mid-stream after a 200 to the overloaded message', async () => {
    fake.enqueue({
      chunks: ['Johann ', 'Weber ', 'was'],
      midStreamError: { type: 'overloaded_error', afterChunks: 2 },
    });
    const { research } = await stack.tokens('ada');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research/stream',
      headers: research,
      payload: { query: 'When?' },
    });
    const events = parseSse(res.body);
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual(['Johann ', 'Weber ']);
    const last = events.pop()!;
    expect(last.event).toBe('error');
    expect(last.data.error).toBe(ERROR_MESSAGES.overloaded);
    // What streamed before the failure is charged (issue 11): the prompt read and the text written.
    const settled = stack.billing.calls.pop()!;
    expect(settled.op).toBe('settle');
    expect(settled.body.outputTokens).toBe(Math.ceil('Johann Weber '.length / 3));
    expect(settled.body.inputTokens).toBe(promptTokenBound(pipelineRequestFor('When?')));
  });

  it('maps 429 and 500 to the spec messages, and never answers 401 for the provider’s own auth failure', async () => {
    fake.enqueue({ status: 429, errorType: 'rate_limit_error' });
    const r429 = await ask('ada', { query: 'Q' });
    expect(r429.statusCode).toBe(429);
    expect(r429.json().error).toBe('Gene is receiving too many requests. Please wait a moment and try again.');
    fake.enqueue({ status: 500, errorType: 'api_error' });
    expect((await ask('ada', { query: 'Q' })).json().error).toBe(
      'Gene is temporarily unavailable. Please try again in a few minutes.',
    );
    fake.enqueue({ status: 401, errorType: 'authentication_error' });
    const r401 = await ask('ada', { query: 'Q' });
    expect(r401.statusCode).toBe(503);
    expect(r401.json().error).toBe('Your session has expired. Please refresh the page and log in again.');
    fake.enqueue({ status: 418, errorType: 'teapot' });
    expect((await ask('ada', { query: 'Q' })).json().error).toBe(ERROR_MESSAGES.other);
  });

  it('blocks an exhausted balance with the plan’s message, before any model call or saved message', async () => {
    stack.billing.setBalance('broke', 0, 'trial');
    const conversationId = await stack.newConversation('broke');
    const res = await ask('broke', { query: 'One more question', conversationId });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: BALANCE_MESSAGES.trial_ended, code: 'trial_ended', plan: 'trial' });
    expect(fake.requests).toHaveLength(0);
    expect((await stack.conversation('broke', conversationId)).messages).toEqual([]);

    stack.billing.setBalance('pro', 0, 'professional');
    expect((await ask('pro', { query: 'Q' })).json()).toMatchObject({
      error: BALANCE_MESSAGES.limit_reached,
      code: 'limit_reached',
    });
    stack.billing.setBalance('low', 3_000, 'professional');
    const low = await ask('low', { query: 'w'.repeat(5_000) });
    expect(low.json()).toMatchObject({ code: 'low_balance', error: BALANCE_MESSAGES.low_balance });
  });

  it('refuses a conversation at capacity with the spec message', async () => {
    const conversationId = await stack.newConversation('ada');
    const { conversation } = await stack.tokens('ada');
    const tokens = { input: 190_000, output: 1_000, total: 191_000, saved: 0, savingsPercentage: 0 };
    await stack.conversationApp.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: conversation,
      payload: { type: 'assistant', content: 'long', tokens },
    });
    const res = await ask('ada', { query: 'And then?', conversationId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(CAPACITY_MESSAGE);
    expect(CAPACITY_MESSAGE).toBe(
      "This conversation has reached Gene's maximum capacity. Please start a new conversation to continue.",
    );
  });

  it('answers 404 for another user’s conversation', async () => {
    const conversationId = await stack.newConversation('eve');
    const res = await ask('ada', { query: 'Peek', conversationId });
    expect(res.statusCode).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends the conversation history to the model, oldest first', async () => {
    const conversationId = await stack.newConversation('ada');
    fake.enqueue({ text: 'First answer.' });
    await ask('ada', { query: 'First question', conversationId });
    fake.enqueue({ text: 'Second answer.' });
    await ask('ada', { query: 'Second question', conversationId });
    const messages = fake.requests[1]!.body.messages as { role: string; content: unknown }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messages[1]!.content)).toContain('First answer.');
    expect(messages[2]!.content).toBe('Second question');
  });
});
