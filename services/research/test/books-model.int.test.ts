import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTLINE } from '../src/domain/book';
import type { Block } from '../src/domain/manuscript';
import { smallFamily } from './support/book-fixtures';
import { callAs, readSseUntil, storedManuscript, until } from './support/book-helpers';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

let fake: FakeAnthropic;
let stack: ResearchStack;
let base: string;
const words = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

beforeAll(async () => {
  fake = await startFakeAnthropic();
  stack = await startResearchStack(
    { LLM_PROVIDER: '', ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url },
    { context: { bookMaterial: async () => smallFamily() } },
  );
  await stack.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

/** Sends a question on the stream route and reads its events until `stop` says so (or the end). */
async function ask(userId: string, payload: Record<string, unknown>, stop?: (deltas: number) => boolean) {
  const { research } = await stack.tokens(userId);
  const res = await fetch(`${base}/api/research/stream`, {
    method: 'POST',
    headers: { ...research, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return readSseUntil(res, stop);
}

/** Starts a book from a conversation's plan. */
async function bookFrom(userId: string, conversationId: string, title: string) {
  const created = await callAs(stack, userId, 'POST', '/api/books', { title, conversationId });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

const generation = (id: string) =>
  stack.deps.database.db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const book = async (userId: string, id: string) => (await callAs(stack, userId, 'GET', `/api/books/${id}`)).json();

const paragraphs = (blocks: Block[]) =>
  blocks.map((b) => (b.kind === 'paragraph' ? b.runs.map((r) => r.text).join('') : '')).join('\n\n');

describe('books written by the model ("Write the book", then "continue")', () => {
  it('adopts the plan, writes two chapters in order as metered jobs (one across a worker restart), and compiles them', async () => {
    const conversationId = await stack.newConversation('writer', 'Whitfield book');
    fake.enqueue({
      text: 'Title options:\n1. *The Whitfields of Wake*\n2. *Raleigh Roots*\n3. *From Wake to the World*\n\nCreation process: six parts.',
    });
    const plan = await ask('writer', { query: 'Write the book', conversationId });
    expect(plan.at(-1)!.event).toBe('done');

    const id = await bookFrom('writer', conversationId, 'The Whitfields of Wake');
    const adopted = await book('writer', id);
    expect(adopted).toMatchObject({ conversationId, outline: DEFAULT_OUTLINE });
    expect(adopted.chapters.map((c: { n: number; status: string }) => [c.n, c.status])).toEqual(
      DEFAULT_OUTLINE.map((_, i) => [i + 1, 'empty']),
    );

    // Chapter 1: "continue" writes the first part of the plan.
    const first = 'The Whitfields came to Wake County before the Revolution.\n\nThomas farmed near Raleigh.';
    fake.enqueue({ text: first });
    const one = await ask('writer', { query: 'continue', conversationId });
    expect(one[0]!.data.requestType).toBe('book');
    const firstId = String(one[0]!.data.generationId);
    expect(one.at(-1)!.event).toBe('done');
    expect((await book('writer', id)).chapters[0]).toMatchObject({
      n: 1,
      title: DEFAULT_OUTLINE[0],
      status: 'written',
      source: 'model',
      text: first,
    });

    // Chapter 2: the worker shuts down mid-answer; the next one resumes the saved text.
    const second = words(300, 'c');
    fake.enqueue({ chunks: second, chunkDelayMs: 10 });
    const head = await ask('writer', { query: 'continue', conversationId }, (n) => n >= 3);
    const secondId = String(head[0]!.data.generationId);
    await until(async () => (await generation(secondId)).text.length > 20);
    expect((await book('writer', id)).chapters[1]).toMatchObject({ n: 2, status: 'writing' });
    await stack.stopWorkers();
    const atStop = (await generation(secondId)).text;
    fake.enqueue({ text: second.join('').slice(atStop.trimEnd().length) });
    await stack.startWorkers();
    const done = await until(async () => {
      const g = await generation(secondId);
      return g.status === 'completed' && g;
    }, 40_000);
    expect(done.text).toBe(second.join(''));
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const written = await book('writer', id);
    expect(written.chapters[1]).toMatchObject({
      n: 2,
      title: DEFAULT_OUTLINE[1],
      status: 'written',
      source: 'model',
      text: second.join(''),
    });
    expect(written.chapters[2]).toMatchObject({ n: 3, status: 'empty' });

    // Metered as every generation: reserved, then settled with the tokens used.
    for (const g of [firstId, secondId]) {
      const calls = stack.billing.calls.filter((c) => c.requestId === g);
      expect(calls.map((c) => c.op)).toEqual(['reserve', 'settle']);
      expect(JSON.stringify(calls[1]!.body)).toMatch(/"outputTokens":[1-9]/);
    }

    // The compiled manuscript holds the model's chapters, in order, before the register's.
    const compile = await callAs(stack, 'writer', 'POST', `/api/books/${id}/compile`);
    expect(compile.statusCode).toBe(202);
    await until(async () => (await book('writer', id)).compile.status === 'done');
    const manuscript = await storedManuscript(stack, id);
    expect(manuscript.chapters.slice(0, 2).map((c) => c.title)).toEqual(DEFAULT_OUTLINE.slice(0, 2));
    expect(paragraphs(manuscript.chapters[0]!.blocks)).toBe(first);
    expect(paragraphs(manuscript.chapters[1]!.blocks)).toBe(second.join('').trim());
  });

  it('a book started after the first part was written takes that part as its chapter 1', async () => {
    const conversationId = await stack.newConversation('late', 'Barnes book');
    fake.enqueue({ text: 'Title options:\n1. *The Barnes Family*\n2. *B*\n3. *C*' });
    await ask('late', { query: 'Write the book', conversationId });
    fake.enqueue({ text: 'Sarah Elizabeth Barnes was born in 1862.' });
    await ask('late', { query: 'continue', conversationId });

    const adopted = await book('late', await bookFrom('late', conversationId, 'The Barnes Family'));
    expect(adopted.chapters.slice(0, 2)).toMatchObject([
      { n: 1, status: 'written', source: 'model', text: 'Sarah Elizabeth Barnes was born in 1862.' },
      { n: 2, status: 'empty', source: null, text: null },
    ]);
  });

  it("marks a chapter failed when the model fails on it, keeps a cut-off part 'writing', and never overwrites the author's text", async () => {
    const conversationId = await stack.newConversation('edgy', 'Edge book');
    fake.enqueue({ text: 'Title options:\n1. *Edges*\n2. *B*\n3. *C*' });
    await ask('edgy', { query: 'Write the book', conversationId });
    const id = await bookFrom('edgy', conversationId, 'Edges');

    // Part 1 fails outright: nothing was written.
    fake.enqueue({ status: 400, errorType: 'invalid_request_error', errorMessage: 'bad' });
    await ask('edgy', { query: 'continue', conversationId });
    expect((await book('edgy', id)).chapters[0]).toMatchObject({ n: 1, status: 'failed', source: null, text: null });

    // Part 1 again, cut off by the answer limit: written so far, to be resumed.
    fake.enqueue({ text: 'The Edges lived by the river and', stopReason: 'max_tokens' });
    await ask('edgy', { query: 'continue', conversationId });
    expect((await book('edgy', id)).chapters[0]).toMatchObject({
      status: 'writing',
      source: 'model',
      text: 'The Edges lived by the river and',
    });
    fake.enqueue({ text: ' fished it for a living.' });
    await ask('edgy', { query: 'continue', conversationId });
    expect((await book('edgy', id)).chapters[0]).toMatchObject({
      status: 'written',
      text: 'The Edges lived by the river and fished it for a living.',
    });

    // The author wrote part 2 before the model reached it: the model's part does not replace it.
    await callAs(stack, 'edgy', 'PUT', `/api/books/${id}/chapters/2`, { text: 'My own chapter two.' });
    fake.enqueue({ text: 'The model on part two.' });
    await ask('edgy', { query: 'continue', conversationId });
    expect((await book('edgy', id)).chapters[1]).toMatchObject({
      status: 'edited',
      source: 'author',
      text: 'My own chapter two.',
    });
  });
});
