import type { Message } from '@gnology/contracts';
import type { ChatMessage } from './MessageList';
import type { StreamDone, StreamStart } from './researchApi';

// Keys for messages not yet saved; the server's id replaces the assistant's when it is done.
let localKey = 0;
export const newKey = () => `local-${++localKey}`;

export function fromServer(m: Message): ChatMessage {
  return {
    key: m.id,
    type: m.type,
    content: m.content,
    timestamp: m.timestamp,
    requestType: m.requestType,
    tokens: m.tokens,
    tokenBalance: m.tokenBalance,
    ...(m.sources?.length ? { sources: m.sources } : {}),
  };
}

type Update = (list: ChatMessage[]) => ChatMessage[];
const updateOne =
  (key: string, change: (m: ChatMessage) => ChatMessage): Update =>
  (list) =>
    list.map((m) => (m.key === key ? change(m) : m));

/** The stream started: the answer learns its request type, generation and the sources found. */
export const applyStart = (key: string, s: StreamStart): Update =>
  updateOne(key, (m) => ({
    ...m,
    requestType: s.requestType,
    generationId: s.generationId,
    ...(s.sources?.length ? { sources: s.sources } : {}),
  }));

export const applyDelta = (key: string, text: string): Update =>
  updateOne(key, (m) => ({ ...m, content: m.content + text }));

/** The answer is saved: its server id, the tokens it used and the balance left. */
export const applyDone = (key: string, done: StreamDone): Update =>
  updateOne(key, (m) => ({
    ...m,
    key: done.messageId ?? m.key,
    streaming: false,
    requestType: done.requestType,
    tokenBalance: { remaining: done.tokenBalance.remaining },
    tokens: done.usage
      ? {
          input: done.usage.inputTokens,
          output: done.usage.outputTokens,
          total: done.usage.inputTokens + done.usage.outputTokens,
          saved: done.usage.savedTokens,
          savingsPercentage: done.tokenBalance.breakdown.savingsPercentage,
        }
      : m.tokens,
  }));

/** A stream that failed: an answer with no text goes, one with some text stays, no longer streaming. */
export const applyFailure =
  (key: string): Update =>
  (list) =>
    list.filter((m) => !(m.key === key && !m.content)).map((m) => (m.key === key ? { ...m, streaming: false } : m));

/** The balance the last answer reported, if any answer did. */
export const lastBalance = (messages: ChatMessage[]): number | undefined =>
  [...messages].reverse().find((m) => m.type === 'assistant' && m.tokenBalance && m.tokenBalance.remaining >= 0)
    ?.tokenBalance?.remaining;
