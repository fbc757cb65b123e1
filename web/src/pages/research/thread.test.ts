import { BALANCE_MESSAGES, CAPACITY_MESSAGE, CAPACITY_WARNING, CONTEXT_WINDOW } from '@gnology/contracts';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './MessageList';
import { checkQuestion } from './questionGuard';
import { applyDelta, applyDone, applyFailure, applyStart, lastBalance } from './thread';

const at = '2026-01-01T00:00:00.000Z';
const user: ChatMessage = { key: 'u', type: 'user', content: 'When?', timestamp: at, requestType: 'regular' };
const answer = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  key: 'a',
  type: 'assistant',
  content: '',
  timestamp: at,
  requestType: 'regular',
  streaming: true,
  ...over,
});

describe('the streamed answer', () => {
  it('learns its generation and sources, grows by each delta, and takes the saved id and usage when done', () => {
    let list = [user, answer()];
    list = applyStart('a', { requestType: 'chapter', provider: 'offline', generationId: 'g1', sources: [] })(list);
    expect(list[1]).toMatchObject({ requestType: 'chapter', generationId: 'g1' });
    expect(list[1]).not.toHaveProperty('sources');
    list = applyDelta('a', 'in 1850')(applyDelta('a', 'Born ')(list));
    expect(list[1].content).toBe('Born in 1850');
    expect(list[0]).toBe(user);
    const breakdown = { savingsPercentage: 25 } as never;
    list = applyDone('a', {
      messageId: 'm9',
      generationId: 'g1',
      requestType: 'chapter',
      tokenBalance: { remaining: 900, breakdown } as never,
      usage: { inputTokens: 30, outputTokens: 10, savedTokens: 10 },
    })(list);
    expect(list[1]).toMatchObject({
      key: 'm9',
      streaming: false,
      tokenBalance: { remaining: 900 },
      tokens: { input: 30, output: 10, total: 40, saved: 10, savingsPercentage: 25 },
    });
  });

  it('on failure drops an answer with no text and keeps one with text, no longer streaming', () => {
    expect(applyFailure('a')([user, answer()])).toEqual([user]);
    expect(applyFailure('a')([user, answer({ content: 'Part' })])[1]).toMatchObject({
      content: 'Part',
      streaming: false,
    });
  });

  it('reads the balance the last answer reported, skipping answers without one', () => {
    expect(lastBalance([user])).toBeUndefined();
    expect(lastBalance([answer({ tokenBalance: { remaining: 500 } }), user, answer()])).toBe(500);
  });
});

describe('checking a question before it is sent', () => {
  it('refuses a question that would overfill the conversation, and warns when it nearly does', () => {
    expect(checkQuestion('When was he born?', CONTEXT_WINDOW, [], 'professional').refused).toEqual({
      tone: 'error',
      text: CAPACITY_MESSAGE,
    });
    const near = checkQuestion('When was he born?', Math.ceil(CONTEXT_WINDOW * 0.92), [], 'professional');
    expect(near).toMatchObject({ refused: null, warning: { tone: 'warning', text: CAPACITY_WARNING } });
  });

  it('refuses when the last answer left no tokens, in the words of the plan', () => {
    const spent = [answer({ tokenBalance: { remaining: 0 } })];
    expect(checkQuestion('When was he born?', 0, spent, 'trial').refused).toEqual({
      tone: 'error',
      text: BALANCE_MESSAGES.trial_ended,
    });
    expect(checkQuestion('When was he born?', 0, spent, 'professional')).toMatchObject({
      requestType: 'regular',
      refused: null,
      warning: null,
    });
  });
});
