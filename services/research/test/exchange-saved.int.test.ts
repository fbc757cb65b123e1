import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse, type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

/**
 * Decision 0245: a regular answer in a conversation reads it once before the model and saves the
 * question and the answer together after it, in one call to the conversation service (it was a
 * read and two saves, the question's right after the first token).
 */
let stack: ResearchStack;

beforeAll(async () => {
  stack = await startResearchStack();
});
afterAll(async () => {
  await stack?.close();
});

/** The conversation service's calls so far, per route (its /metrics answers loopback callers). */
async function conversationCalls(): Promise<Record<string, number>> {
  const text = (await stack.conversationApp.inject({ method: 'GET', url: '/metrics' })).body;
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\S+)/gm)) {
    const method = m[1]!.match(/method="([^"]*)"/)?.[1];
    const route = m[1]!.match(/route="([^"]*)"/)?.[1];
    if (!route?.startsWith('/internal/')) continue;
    const key = `${method} ${route}`;
    out[key] = (out[key] ?? 0) + Number(m[2]);
  }
  return out;
}

function callsBetween(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([k, v]) => [k, v - (before[k] ?? 0)] as const)
      .filter(([, v]) => v > 0),
  );
}

describe('the question and its answer saved in one call (decision 0245)', () => {
  it('reads the conversation once and saves both sides together, in order, the question at its own time', async () => {
    const userId = 'exchange-ada';
    const conversationId = await stack.newConversation(userId, 'Research Session 2026-11-27 10:00');
    const { research } = await stack.tokens(userId);
    const before = await conversationCalls();
    const asked = Date.now();
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research/stream',
      headers: research,
      payload: { query: 'Where was Johann Weber baptised?', conversationId },
    });
    const events = parseSse(res.body);
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');

    expect(callsBetween(before, await conversationCalls())).toEqual({
      'GET /internal/conversations/:id': 1,
      'POST /internal/conversations/:id/exchange': 1,
    });
    const conversation = await stack.conversation(userId, conversationId);
    expect(conversation.messageCount).toBe(2);
    const [question, answer] = conversation.messages;
    expect(question).toMatchObject({ type: 'user', content: 'Where was Johann Weber baptised?' });
    expect(answer).toMatchObject({ type: 'assistant', tokens: { total: expect.any(Number) } });
    expect(done.data.messageId).toBe(answer.id);
    // Stamped when asked, not when the answer was saved with it.
    expect(Date.parse(question.timestamp)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(question.timestamp)).toBeLessThanOrEqual(Date.parse(answer.timestamp));
    // The first question still names the default-titled conversation.
    expect(conversation.title).toBe('Where was Johann Weber baptised?');
  });

  it('saves nothing for a question refused before the model (another user’s conversation: 404)', async () => {
    const conversationId = await stack.newConversation('exchange-owner');
    const { research } = await stack.tokens('exchange-intruder');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research',
      headers: research,
      payload: { query: 'Who was Anna?', conversationId },
    });
    expect(res.statusCode).toBe(404);
    expect((await stack.conversation('exchange-owner', conversationId)).messages).toEqual([]);
  });
});
