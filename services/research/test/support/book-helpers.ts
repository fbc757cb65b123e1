import { buffer } from 'node:stream/consumers';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { decodeManuscript } from '../../src/domain/book-json';
import type { Manuscript } from '../../src/domain/manuscript';
import { parseSse, type ResearchStack } from './stack';

/** Polls `fn` until it gives a truthy value (every 50 ms), or throws after `timeoutMs`. */
export async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/** Reads a live SSE response's events until `stop` says so (given the deltas so far) or the stream ends. */
export async function readSseUntil(res: Response, stop?: (deltas: number) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const events: ReturnType<typeof parseSse> = [];
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    const cut = buf.lastIndexOf('\n\n');
    if (cut >= 0) {
      events.push(...parseSse(buf.slice(0, cut)));
      buf = buf.slice(cut + 2);
    }
    if (stop?.(events.filter((e) => e.event === 'delta').length)) {
      await reader.cancel();
      break;
    }
  }
  return events;
}

/** A call to the research app as `userId`. */
export async function callAs(
  stack: ResearchStack,
  userId: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const { research } = await stack.tokens(userId);
  return stack.app.inject({
    method,
    url,
    headers: research,
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
  });
}

/** Starts a book as `userId` and gives its id (201 expected). */
export async function newBookAs(
  stack: ResearchStack,
  userId: string,
  payload: Record<string, unknown> = { title: 'The Whitfields' },
): Promise<string> {
  const res = await callAs(stack, userId, 'POST', '/api/books', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Waits for the book's compile to end (done or failed) and gives the book. */
export async function compiledAs(stack: ResearchStack, userId: string, id: string) {
  return until(async () => {
    const book = (await callAs(stack, userId, 'GET', `/api/books/${id}`)).json();
    return ['done', 'failed'].includes(book.compile.status) && book;
  });
}

/** The manuscript of the book's last finished compile, as stored. */
export async function storedManuscript(stack: ResearchStack, bookId: string): Promise<Manuscript> {
  const row = await stack.deps.database.db
    .selectFrom('books')
    .select('manuscript_key')
    .where('id', '=', bookId)
    .executeTakeFirstOrThrow();
  return decodeManuscript((await buffer(await stack.deps.storage.get(row.manuscript_key!))).toString());
}
