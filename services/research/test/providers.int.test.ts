import { ERROR_MESSAGES, researchErrorMessage } from '@gnology/contracts';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { type FakeOpenAi, startFakeOpenAi } from '@gnology/testing/fakes/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planRequest } from '../src/domain/request';
import { pipelineRequestFor } from './support/requests';
import { AnthropicProvider } from '../src/providers/anthropic';
import { OpenAiCompatibleProvider } from '../src/providers/openai';
import { type LlmProvider, ProviderError, type ProviderEvent, type ProviderRequest } from '../src/domain/model';

// The REAL SDKs (@anthropic-ai/sdk, openai) against loopback fakes of their HTTP APIs.
let anthropicFake: FakeAnthropic;
let openaiFake: FakeOpenAi;
let anthropic: AnthropicProvider;
let openai: OpenAiCompatibleProvider;

beforeAll(async () => {
  anthropicFake = await startFakeAnthropic();
  openaiFake = await startFakeOpenAi();
  anthropic = new AnthropicProvider({ apiKey: 'sk-ant-test', baseURL: anthropicFake.url, model: 'claude-test' });
  openai = new OpenAiCompatibleProvider({ baseURL: openaiFake.url, model: 'llama-test' });
});
afterAll(async () => {
  await anthropicFake?.close();
  await openaiFake?.close();
});
beforeEach(() => {
  anthropicFake.reset();
  openaiFake.reset();
});

async function collect(provider: LlmProvider, req: ProviderRequest, signal = new AbortController().signal) {
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(req, signal)) events.push(e);
  return {
    text: events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join(''),
    done: events.find((e) => e.type === 'done'),
    events,
  };
}

async function failure(provider: LlmProvider, req: ProviderRequest): Promise<ProviderError> {
  try {
    await collect(provider, req);
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderError);
    return e as ProviderError;
  }
  throw new Error('expected the provider to fail');
}

const message = (e: ProviderError) => researchErrorMessage(e.status, e.type);

describe('Anthropic provider', () => {
  it('streams text deltas and reads usage from message_start and message_delta', async () => {
    anthropicFake.enqueue({
      chunks: ['The ', 'register ', 'says 1850.'],
      usage: { input_tokens: 100, cache_creation_input_tokens: 40, cache_read_input_tokens: 60, output_tokens: 7 },
    });
    const { text, done, events } = await collect(anthropic, pipelineRequestFor('When?'));
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(3);
    expect(text).toBe('The register says 1850.');
    // input = input + cache creation + cache read; saved = cache read.
    expect(done).toEqual({
      type: 'done',
      usage: { inputTokens: 200, outputTokens: 7, savedTokens: 60 },
      stopReason: 'end',
    });
  });

  it('counts a repeated document prefix as cache reads ("saved")', async () => {
    const req = pipelineRequestFor('Who?', {
      documents: [{ _id: '65f0a1b2c3d4e5f6a7b8c9d0', originalName: 'a.txt', extractedText: 'x'.repeat(4000) }],
    });
    const first = await collect(anthropic, req);
    const second = await collect(anthropic, req);
    expect(first.done).toMatchObject({ usage: { savedTokens: 0 } });
    expect(second.done).toMatchObject({ usage: { savedTokens: expect.any(Number) } });
    const saved = (second.done as { usage: { savedTokens: number; inputTokens: number } }).usage;
    expect(saved.savedTokens).toBeGreaterThan(1000);
    expect(saved.inputTokens).toBeGreaterThan(saved.savedTokens);
  });

  it('reports max_tokens as a cut-off answer', async () => {
    anthropicFake.enqueue({ text: 'Chapter one…', stopReason: 'max_tokens' });
    expect((await collect(anthropic, pipelineRequestFor('Write a chapter'))).done).toMatchObject({
      stopReason: 'max_tokens',
    });
  });

  it('maps a 529 before the stream to the overloaded message once retries are spent', async () => {
    anthropicFake.enqueue(
      { status: 529, errorType: 'overloaded_error', retryAfterMs: 1 },
      { status: 529, errorType: 'overloaded_error', retryAfterMs: 1 },
    );
    const e = await failure(anthropic, pipelineRequestFor('Q', { maxRetries: 1 }));
    expect(anthropicFake.requests).toHaveLength(2);
    expect(e.status).toBe(529);
    expect(message(e)).toBe(ERROR_MESSAGES.overloaded);
  });

  it('retries a 529 and succeeds when the API recovers', async () => {
    anthropicFake.enqueue({ status: 529, errorType: 'overloaded_error', retryAfterMs: 1 }, { text: 'Recovered.' });
    expect((await collect(anthropic, pipelineRequestFor('Q', { maxRetries: 2 }))).text).toBe('Recovered.');
    expect(anthropicFake.requests).toHaveLength(2);
  });

  it('maps an overloaded_error event in a 200 stream to the overloaded message', async () => {
    anthropicFake.enqueue({
      chunks: ['Partial ', 'answer'],
      midStreamError: { type: 'overloaded_error', afterChunks: 1 },
    });
    const e = await failure(anthropic, pipelineRequestFor('Q'));
    expect(e.status).toBeUndefined();
    expect(e.type).toBe('overloaded_error');
    expect(message(e)).toBe(
      'Gene is experiencing high demand right now. Please wait 5-10 minutes and try your request again.',
    );
  });

  it('maps 429 to the too-many-requests message', async () => {
    anthropicFake.enqueue({ status: 429, errorType: 'rate_limit_error', retryAfterMs: 1 });
    const e = await failure(anthropic, pipelineRequestFor('Q', { maxRetries: 0 }));
    expect(message(e)).toBe('Gene is receiving too many requests. Please wait a moment and try again.');
  });

  it('times out a slow answer with the timeout message', async () => {
    anthropicFake.enqueue({ text: 'late', delayMs: 1500 });
    const e = await failure(anthropic, pipelineRequestFor('Q', { timeoutMs: 200, maxRetries: 0 }));
    expect(e.status).toBe(408);
    expect(message(e)).toBe('Your request timed out. Please try again or break your request into smaller parts.');
  });

  it('times out a stream that stalls after it started (the deadline covers the whole answer)', async () => {
    anthropicFake.enqueue({ chunks: ['a', 'b', 'c'], stallAfterChunks: 1 });
    const e = await failure(anthropic, pipelineRequestFor('Q', { timeoutMs: 300, maxRetries: 0 }));
    expect(message(e)).toBe(ERROR_MESSAGES.timeout);
  });

  it('gives each request type its timeout and maximum tokens (3/5/30 minutes; 6,000/15,000/60,000)', async () => {
    for (const [query, minutes, max] of [
      ['Where was he born?', 3, 6_000],
      ['Write a chapter about Johann', 5, 15_000],
      ['Write a family history book', 30, 60_000],
      [`Long regular question ${'z'.repeat(46_000)}`, 30, 6_000],
    ] as const) {
      anthropicFake.reset();
      const plan = planRequest(query, undefined, { maxRetries: 2 });
      await collect(
        anthropic,
        pipelineRequestFor(query, {
          timeoutMs: plan.timeoutMs,
          maxTokens: plan.maxTokens,
          maxRetries: plan.maxRetries,
        }),
      );
      expect(anthropicFake.requests[0]!.headers['x-stainless-timeout'], query.slice(0, 30)).toBe(String(minutes * 60));
      expect(anthropicFake.requests[0]!.body.max_tokens).toBe(max);
    }
  });

  it('continues an interrupted generation as a prefilled assistant turn without trailing whitespace', async () => {
    await collect(
      anthropic,
      pipelineRequestFor('Write a chapter', { continuation: 'Chapter 1\n\nJohann was born in ' }),
    );
    const messages = anthropicFake.requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: 'Chapter 1\n\nJohann was born in' });
  });

  it('stops at once when aborted', async () => {
    anthropicFake.enqueue({ chunks: Array.from({ length: 50 }, (_, i) => `w${i} `), chunkDelayMs: 20 });
    const controller = new AbortController();
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const e of anthropic.stream(pipelineRequestFor('Q'), controller.signal)) {
          if (e.type === 'delta') seen.push(e.text);
          if (seen.length === 3) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortedError' });
    expect(seen.length).toBeLessThan(10);
  });
});

describe('OpenAI-compatible provider', () => {
  it('streams chat completions and reads usage, cached tokens included', async () => {
    openaiFake.enqueue({
      chunks: ['Born ', 'in ', '1850.'],
      usage: { prompt_tokens: 120, completion_tokens: 5, cached_tokens: 100 },
    });
    const { text, done } = await collect(openai, pipelineRequestFor('When?'));
    expect(text).toBe('Born in 1850.');
    expect(done).toEqual({
      type: 'done',
      usage: { inputTokens: 120, outputTokens: 5, savedTokens: 100 },
      stopReason: 'end',
    });
    const body = openaiFake.requests[0]!.body;
    expect(body.model).toBe('llama-test');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toMatch(/Genealogical Proof Standard/);
    expect(openaiFake.requests[0]!.headers['x-stainless-timeout']).toBe('180');
  });

  it('maps mid-stream overloaded errors, 429 and 503', async () => {
    openaiFake.enqueue({ chunks: ['a', 'b'], midStreamError: { type: 'overloaded_error', afterChunks: 1 } });
    expect(message(await failure(openai, pipelineRequestFor('Q')))).toBe(ERROR_MESSAGES.overloaded);
    openaiFake.enqueue({ status: 429, retryAfterMs: 1 });
    expect(message(await failure(openai, pipelineRequestFor('Q', { maxRetries: 0 })))).toBe(ERROR_MESSAGES.rateLimited);
    openaiFake.enqueue({ status: 503, retryAfterMs: 1 });
    expect(message(await failure(openai, pipelineRequestFor('Q', { maxRetries: 0 })))).toBe(ERROR_MESSAGES.unavailable);
  });

  it('times out per request', async () => {
    openaiFake.enqueue({ text: 'late', delayMs: 1500 });
    expect(message(await failure(openai, pipelineRequestFor('Q', { timeoutMs: 200, maxRetries: 0 })))).toBe(
      ERROR_MESSAGES.timeout,
    );
  });
});
