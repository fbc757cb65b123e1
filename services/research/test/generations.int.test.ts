import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSse, type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

let fake: FakeAnthropic;
let stack: ResearchStack;
let base: string;
const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

beforeAll(async () => {
  fake = await startFakeAnthropic();
  stack = await startResearchStack({
    LLM_PROVIDER: '',
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: fake.url,
  });
  await stack.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** Reads SSE events from a live response until `until` says stop (or the stream ends). */
async function readEvents(
  res: Response,
  until?: (e: { event: string; data: Record<string, unknown>; id?: string }[]) => boolean,
) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: ReturnType<typeof parseSse> = [];
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const cut = buffer.lastIndexOf('\n\n');
    if (cut >= 0) {
      events.push(...parseSse(buffer.slice(0, cut)));
      buffer = buffer.slice(cut + 2);
    }
    if (until?.(events)) {
      await reader.cancel();
      break;
    }
  }
  return events;
}

async function startStream(userId: string, payload: Record<string, unknown>) {
  const { research } = await stack.tokens(userId);
  return fetch(`${base}/api/research/stream`, {
    method: 'POST',
    headers: { ...research, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

const text = (events: ReturnType<typeof parseSse>) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

async function generation(id: string) {
  return stack.deps.database.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('chapter and book generations (worker jobs)', () => {
  it('runs a chapter as a job, streams it, and saves the answer as a chapter message', async () => {
    fake.enqueue({ chunks: words(20), chunkDelayMs: 5 });
    const conversationId = await stack.newConversation('ada');
    const events = await readEvents(
      await startStream('ada', { query: 'Write a chapter about Johann', conversationId }),
    );
    const start = events[0]!;
    expect(start.event).toBe('start');
    expect(start.data).toMatchObject({ requestType: 'chapter', generationId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(text(events)).toBe(words(20).join(''));
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { requestType: 'chapter', tokenBalance: { remaining: expect.any(Number) } },
    });
    expect(fake.requests[0]!.body.max_tokens).toBe(15_000);
    const g = await generation(String(start.data.generationId));
    expect(g.status).toBe('completed');
    const conv = await stack.conversation('ada', conversationId);
    expect(conv.messages.at(-1)).toMatchObject({
      type: 'assistant',
      requestType: 'chapter',
      content: words(20).join(''),
    });
    expect(stack.billing.calls.filter((c) => c.requestId === g.id).map((c) => c.op)).toEqual(['reserve', 'settle']);
  });

  it('lets a dropped reader pick the stream up where it was (Last-Event-ID)', async () => {
    fake.enqueue({ chunks: words(60), chunkDelayMs: 15 });
    const first = await readEvents(
      await startStream('ada', { query: 'Write the full story of the Webers' }),
      (ev) => ev.filter((e) => e.event === 'delta').length >= 2,
    );
    const id = String(first[0]!.data.generationId);
    const lastId = first.filter((e) => e.event === 'delta').at(-1)!.id!;
    expect(Number(lastId)).toBe(text(first).length);
    const { research } = await stack.tokens('ada');
    const rest = await readEvents(
      await fetch(`${base}/api/research/generations/${id}/stream`, {
        headers: { ...research, 'last-event-id': lastId },
      }),
    );
    expect(text(first) + text(rest)).toBe(words(60).join(''));
    expect(rest.at(-1)!.event).toBe('done');
    // ?from= works the same for readers that cannot send headers.
    const again = await readEvents(
      await fetch(`${base}/api/research/generations/${id}/stream?from=10`, { headers: research }),
    );
    expect(text(again)).toBe(words(60).join('').slice(10));
  });

  it('refuses another user’s generation', async () => {
    fake.enqueue({ text: 'short chapter' });
    const events = await readEvents(await startStream('ada', { query: 'Write a chapter' }));
    const id = String(events[0]!.data.generationId);
    const { research } = await stack.tokens('eve');
    expect((await fetch(`${base}/api/research/generations/${id}`, { headers: research })).status).toBe(404);
    expect(
      (await fetch(`${base}/api/research/generations/${id}/stop`, { method: 'POST', headers: research })).status,
    ).toBe(404);
  });

  it('stops a generation on request, keeping and saving what was written', async () => {
    fake.enqueue({ chunks: words(400), chunkDelayMs: 10 });
    const conversationId = await stack.newConversation('ada');
    const res = await startStream('ada', { query: 'Write a chapter about the farm', conversationId });
    let stopped = false;
    const { research } = await stack.tokens('ada');
    const events = await readEvents(res, (ev) => {
      if (!stopped && ev.filter((e) => e.event === 'delta').length >= 2) {
        stopped = true;
        fetch(`${base}/api/research/generations/${ev[0]!.data.generationId}/stop`, {
          method: 'POST',
          headers: research,
        });
      }
      return false;
    });
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', data: { stopped: true } });
    const g = await generation(String(events[0]!.data.generationId));
    expect(g.status).toBe('stopped');
    expect(g.text.length).toBeGreaterThan(0);
    expect(g.text.length).toBeLessThan(words(400).join('').length);
    expect(words(400).join('').startsWith(g.text)).toBe(true);
    const conv = await stack.conversation('ada', conversationId);
    expect(conv.messages.at(-1)).toMatchObject({ type: 'assistant', content: g.text });
    expect(stack.billing.calls.filter((c) => c.requestId === g.id).map((c) => c.op)).toEqual(['reserve', 'settle']);
  });

  it('resumes after a worker restart from the saved text, continuing it rather than starting over', async () => {
    const all = words(300, 'r');
    fake.enqueue({ chunks: all, chunkDelayMs: 10 });
    const res = await startStream('ada', { query: 'Write a chapter about the emigration' });
    const head = await readEvents(res, (ev) => ev.filter((e) => e.event === 'delta').length >= 3);
    const id = String(head[0]!.data.generationId);
    const saved = await until(async () => {
      const g = await generation(id);
      return g.text.length > 20 && g;
    });
    // The worker shuts down mid-answer; a new one takes the job over.
    await stack.stopWorkers();
    const atStop = (await generation(id)).text;
    expect(atStop.length).toBeGreaterThanOrEqual(saved.text.length);
    const remainder = all.join('').slice(atStop.trimEnd().length);
    fake.enqueue({ text: remainder });
    await stack.startWorkers();
    const done = await until(async () => {
      const g = await generation(id);
      return g.status === 'completed' && g;
    }, 40_000);
    expect(done.text).toBe(all.join(''));
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const resumed = fake.requests.at(-1)!.body.messages as { role: string; content: unknown }[];
    expect(resumed.at(-1)).toEqual({ role: 'assistant', content: atStop.trimEnd() });
    // A reader connecting now from the start gets the whole text once.
    const { research } = await stack.tokens('ada');
    const replay = await readEvents(
      await fetch(`${base}/api/research/generations/${id}/stream`, { headers: research }),
    );
    expect(text(replay)).toBe(all.join(''));
  });

  it('keeps a book project: plan, then each part; "continue" resumes a cut-off part across conversations', async () => {
    const first = await stack.newConversation('writer', 'Weber book');
    fake.enqueue({
      text: 'Title options:\n1. *The Weber Story*\n2. *Roots in Hesse*\n3. *From Kassel to Ohio*\n\nCreation process: six parts.',
    });
    const plan = await readEvents(await startStream('writer', { query: 'Write the book', conversationId: first }));
    expect(plan[0]!.data.requestType).toBe('book');
    expect(fake.requests[0]!.body.max_tokens).toBe(60_000);
    const planSystem = JSON.stringify(fake.requests[0]!.body.system);
    expect(planSystem).toContain('three title options');
    const project = await stack.deps.database.db
      .selectFrom('book_projects')
      .selectAll()
      .where('user_id', '=', 'writer')
      .executeTakeFirstOrThrow();
    expect(project.title).toBe('The Weber Story');
    expect(project.current_section).toBe(0);

    // Part 1 is cut off by the answer limit.
    fake.reset();
    fake.enqueue({
      text: 'Table of Contents\n\nIntroduction. The Webers lived in Kassel for generations. Johann was the eldest son and',
      stopReason: 'max_tokens',
    });
    const part1 = await readEvents(await startStream('writer', { query: 'continue', conversationId: first }));
    expect(part1[0]!.data.requestType).toBe('book');
    expect(JSON.stringify(fake.requests[0]!.body.system)).toContain(
      'Write the next part: \\"Table of contents and introduction\\"',
    );
    const afterCut = await stack.deps.database.db
      .selectFrom('book_projects')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(afterCut).toMatchObject({ current_section: 0, section_complete: false });
    expect(afterCut.tail).toContain('Johann was the eldest son and');

    // A new conversation (the old one reached capacity): "continue" picks up exactly there.
    const second = await stack.newConversation('writer', 'Weber book, part 2');
    fake.reset();
    fake.enqueue({ text: ' he left for Ohio in 1872.\n\nThis ends the introduction.' });
    await readEvents(await startStream('writer', { query: 'Please continue', conversationId: second }));
    const system = JSON.stringify(fake.requests[0]!.body.system);
    expect(system).toContain('stopped in the middle of');
    expect(system).toContain('Johann was the eldest son and');
    const finished = await stack.deps.database.db
      .selectFrom('book_projects')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(finished).toMatchObject({ current_section: 1, section_complete: true });
    expect(finished.sections[0]).toMatchObject({ title: 'Table of contents and introduction' });
    expect(finished.sections[0]!.summary).toMatch(/Webers lived in Kassel/);
  });

  it('a JSON request for a chapter waits for the job and answers like a regular one', async () => {
    fake.enqueue({ text: 'A short chapter.' });
    const { research } = await stack.tokens('ada');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research',
      headers: research,
      payload: { query: 'Write a chapter' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      response: 'A short chapter.',
      requestType: 'chapter',
      tokenBalance: { remaining: expect.any(Number) },
    });
  });
});
