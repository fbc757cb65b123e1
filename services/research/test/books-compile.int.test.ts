import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookMaterialRequest } from '../src/clients/book-material';
import type { BookMaterial } from '../src/domain/book-material';
import { EMPTY_LIBRARY } from '../src/use-cases/compile-book';
import { NOT_COMPILED } from '../src/use-cases/export-book';
import { ALREADY_COMPILING, TOO_MANY_COMPILES } from '../src/use-cases/start-book-compile';
import { emptyLibrary, smallFamily } from './support/book-fixtures';
import { callAs, compiledAs, newBookAs, storedManuscript, until } from './support/book-helpers';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

let stack: ResearchStack;
/** What the documents service answers for a book, per test; a function may wait on the job's signal. */
let material: (req: BookMaterialRequest, signal?: AbortSignal) => Promise<BookMaterial>;
const asked: BookMaterialRequest[] = [];

beforeAll(async () => {
  stack = await startResearchStack(
    {},
    {
      context: {
        bookMaterial: (req, opts) => {
          asked.push(req);
          return material(req, opts?.signal);
        },
      },
    },
  );
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(() => {
  material = async () => smallFamily();
  asked.length = 0;
});

const call = (userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(stack, userId, method, url, payload);

const newBook = (userId: string, payload?: Record<string, unknown>) => newBookAs(stack, userId, payload);
const compiled = (userId: string, id: string) => compiledAs(stack, userId, id);

describe('books: compile and export', () => {
  it('answers 422 for an export before any compile', async () => {
    const id = await newBook('ada');
    const res = await call('ada', 'GET', `/api/books/${id}/export?format=pdf`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: NOT_COMPILED });
  });

  it('fails the compile of an empty library with a sentence the user can act on', async () => {
    material = async () => emptyLibrary();
    const id = await newBook('ada');
    const res = await call('ada', 'POST', `/api/books/${id}/compile`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ jobId: expect.stringContaining(id) });
    const book = await compiled('ada', id);
    expect(book.compile).toMatchObject({ status: 'failed', error: EMPTY_LIBRARY, compiledAt: null });
    expect((await call('ada', 'GET', `/api/books/${id}/export?format=md`)).statusCode).toBe(422);
  });

  it('passes the documents service’s refusal on as the compile’s error, without retrying it', async () => {
    const { HttpError } = await import('@gnology/platform/http/errors');
    let calls = 0;
    material = async () => {
      calls++;
      throw new HttpError(404, 'No such person in your people index.');
    };
    const id = await newBook('ada', { title: 'Nobody', rootIndividualId: 'p-nobody' });
    await call('ada', 'POST', `/api/books/${id}/compile`);
    const book = await compiled('ada', id);
    expect(book.compile).toMatchObject({ status: 'failed', error: 'No such person in your people index.' });
    expect(calls).toBe(1);
    expect(asked.at(-1)).toEqual({ userId: 'ada', rootIndividualId: 'p-nobody', generations: 4 });
  });

  it('compiles once at a time (409), finishes after a worker restart mid-compile, and keeps the author’s text', async () => {
    const id = await newBook('ada', { title: 'The Whitfields', rootIndividualId: 'p-john', generations: 2 });
    await call('ada', 'PUT', `/api/books/${id}`, { outline: ['In their own words'] });
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, {
      text: '## Letters\n\nJohn Henry wrote *often* to Sarah.[^1]\n\nThey married in 1887.',
    });
    // The first try waits for the documents service until its worker shuts down.
    let tries = 0;
    material = (_req, signal) => {
      tries++;
      if (tries > 1) return Promise.resolve(smallFamily());
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    };
    const start = await call('ada', 'POST', `/api/books/${id}/compile`);
    expect(start.statusCode).toBe(202);
    const again = await call('ada', 'POST', `/api/books/${id}/compile`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: ALREADY_COMPILING });
    await until(async () => tries === 1);
    const running = (await call('ada', 'GET', `/api/books/${id}`)).json();
    expect(running.compile).toMatchObject({ status: 'running' });
    expect(running.compile.progress).toBeGreaterThan(0);
    expect(running.compile.progress).toBeLessThan(1);

    await stack.restartWorkers();
    const book = await compiled('ada', id);
    expect(book.compile).toMatchObject({ status: 'done', progress: 1, error: null, compiledAt: expect.any(String) });
    expect(tries).toBe(2);
    expect(book.chapters[0]).toMatchObject({ n: 1, status: 'edited', source: 'author', title: 'In their own words' });

    const manuscript = await storedManuscript(stack, id);
    expect(manuscript).toMatchObject({
      title: 'The Whitfields',
      subtitle: 'The family of John Henry Whitfield',
      trim: '6x9',
    });
    expect(manuscript.chapters[0]).toEqual({
      title: 'In their own words',
      blocks: [
        { kind: 'heading', text: 'Letters' },
        // The author's [^1] points at no note of this chapter: the marker is dropped, not printed.
        {
          kind: 'paragraph',
          runs: [{ text: 'John Henry wrote ' }, { text: 'often', italic: true }, { text: ' to Sarah.' }],
        },
        { kind: 'paragraph', runs: [{ text: 'They married in 1887.' }] },
      ],
    });

    // A compile that is done can be started again.
    expect((await call('ada', 'POST', `/api/books/${id}/compile`)).statusCode).toBe(202);
    await compiled('ada', id);
  });

  it("gives a book without an outline the register's chapters, with their notes, and keeps an author's edit of one at the next compile", async () => {
    const id = await newBook('ada', { title: 'The Whitfields', rootIndividualId: 'p-john', generations: 2 });
    await call('ada', 'POST', `/api/books/${id}/compile`);
    const first = await compiled('ada', id);
    expect(first.compile.status).toBe('done');
    expect(first.chapters.length).toBeGreaterThanOrEqual(1);
    expect(first.outline).toEqual(first.chapters.map((c: { title: string }) => c.title));
    for (const c of first.chapters) {
      expect(c).toMatchObject({ status: 'written', source: 'register', text: expect.stringMatching(/\S/) });
    }
    // Every fact carries a note: the chapter's text shows its markers.
    expect(first.chapters[0].text).toMatch(/\[\^\d+\]/);
    expect(first.chapters.map((c: { text: string }) => c.text).join('\n')).toContain('Whitfield');

    const edited = `${first.chapters[0].text}\n\nA paragraph of my own.`;
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: edited });
    await call('ada', 'POST', `/api/books/${id}/compile`);
    await until(
      async () => (await call('ada', 'GET', `/api/books/${id}`)).json().compile.compiledAt !== first.compile.compiledAt,
    );
    const second = await compiled('ada', id);
    // Only the last compile's files are kept (the older ones go just after it is done).
    await until(async () => {
      const files = (await stack.deps.storage.list(`books/ada/${id}/`)).map((o) => o.key);
      return files.length > 0 && files.every((k) => k.startsWith(`books/ada/${id}/runs/2/`));
    });
    expect(second.chapters[0]).toMatchObject({ status: 'edited', source: 'author', text: edited });
    expect(second.chapters.slice(1)).toEqual(
      first.chapters.slice(1).map((c: object) => ({ ...c, updatedAt: expect.any(String) })),
    );
    const md = await call('ada', 'GET', `/api/books/${id}/export?format=md`);
    expect(md.body).toContain('A paragraph of my own.');
    // The edited chapter's markers still point at its citations.
    expect(md.body).toContain('1880 U.S. census');
    // And its names still feed the index of names.
    const manuscript = await storedManuscript(stack, id);
    const named = manuscript.chapters[0]!.blocks.flatMap((b) => (b.kind === 'paragraph' ? b.runs : [])).filter(
      (r) => r.person,
    );
    expect(named.map((r) => r.person!.surname)).toContain('Whitfield');
  });

  it("never lets a compile's register text replace an edit saved while it ran", async () => {
    const id = await newBook('ada');
    await call('ada', 'PUT', `/api/books/${id}`, { outline: ['One', 'Two'] });
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: 'Saved by the author meanwhile.' });
    const { writeChapter } = await import('../src/store/books');
    const reg = { title: 'R', status: 'written' as const, source: 'register' as const, text: 'Register text.' };
    for (const n of [1, 2])
      await writeChapter(stack.deps.database.db, { id, user_id: 'ada' }, { n, ...reg }, { unlessKept: true });
    const book = (await call('ada', 'GET', `/api/books/${id}`)).json();
    expect(book.chapters.map((c: { source: string; text: string }) => [c.source, c.text])).toEqual([
      ['author', 'Saved by the author meanwhile.'],
      ['register', 'Register text.'],
    ]);
  });

  it('lets one user compile two books at once, not three (429)', async () => {
    await stack.stopWorkers();
    try {
      const ids = [await newBook('busy'), await newBook('busy'), await newBook('busy')];
      expect((await call('busy', 'POST', `/api/books/${ids[0]}/compile`)).statusCode).toBe(202);
      expect((await call('busy', 'POST', `/api/books/${ids[1]}/compile`)).statusCode).toBe(202);
      const third = await call('busy', 'POST', `/api/books/${ids[2]}/compile`);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: TOO_MANY_COMPILES });
      // Another user is not held up.
      expect((await call('calm', 'POST', `/api/books/${await newBook('calm')}/compile`)).statusCode).toBe(202);
    } finally {
      await stack.startWorkers();
    }
    // The queued compiles end here, not during the next tests (which change the material).
    await until(async () => {
      const left = await stack.deps.database.db
        .selectFrom('books')
        .select('id')
        .where('user_id', 'in', ['busy', 'calm'])
        .where('compile_status', 'in', ['queued', 'running'])
        .execute();
      return left.length === 0;
    });
  });

  it('lets a compile be started again once the last one has not moved for 15 minutes (its job was lost)', async () => {
    const id = await newBook('ada');
    const db = stack.deps.database.db;
    const lost = { compile_status: 'running' as const, compile_progress: 0.4 };
    await db
      .updateTable('books')
      .set({ ...lost, compile_beat_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
    expect((await call('ada', 'POST', `/api/books/${id}/compile`)).statusCode).toBe(409);
    await db
      .updateTable('books')
      .set({ ...lost, compile_beat_at: new Date(Date.now() - 16 * 60_000) })
      .where('id', '=', id)
      .execute();
    expect((await call('ada', 'POST', `/api/books/${id}/compile`)).statusCode).toBe(202);
    expect((await compiled('ada', id)).compile.status).toBe('done');
  });

  it('exports the compiled manuscript as Markdown, PDF, DOCX and EPUB with their content types', async () => {
    const id = await newBook('ada', { title: 'The Whitfields', rootIndividualId: 'p-john', generations: 2 });
    await call('ada', 'PUT', `/api/books/${id}`, { outline: ['Beginnings'] });
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: 'Thomas Whitfield farmed near Raleigh.' });
    await call('ada', 'POST', `/api/books/${id}/compile`);
    expect((await compiled('ada', id)).compile.status).toBe('done');
    // The worker rendered every format: the API only reads the files.
    const kept = await stack.deps.storage.list(`books/ada/${id}/`);
    expect(kept.map((o) => o.key.slice(`books/ada/${id}/`.length)).sort()).toEqual([
      'runs/1/book.docx',
      'runs/1/book.epub',
      'runs/1/book.md',
      'runs/1/book.pdf',
      'runs/1/manuscript.json',
    ]);

    const md = await call('ada', 'GET', `/api/books/${id}/export?format=md`);
    expect(md.statusCode, md.body).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toContain('filename="The Whitfields.md"');
    expect(md.body).toContain('The Whitfields');
    expect(md.body).toContain('Thomas Whitfield farmed near Raleigh.');
    // A render lost from storage is made again on demand, the same.
    await stack.deps.storage.delete(`books/ada/${id}/runs/1/book.md`);
    expect((await call('ada', 'GET', `/api/books/${id}/export?format=md`)).body).toBe(md.body);

    const types = {
      pdf: 'application/pdf',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      epub: 'application/epub+zip',
    };
    const magic = { pdf: '%PDF-', docx: 'PK', epub: 'PK' };
    for (const [format, type] of Object.entries(types) as [keyof typeof types, string][]) {
      const res = await call('ada', 'GET', `/api/books/${id}/export?format=${format}`);
      expect(res.statusCode, `${format}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.subarray(0, magic[format].length).toString('latin1')).toBe(magic[format]);
    }

    // While the next compile runs, downloads are the last finished compile's.
    let waiting = 0;
    material = (_req, signal) => {
      waiting++;
      if (waiting > 1) return Promise.resolve(smallFamily());
      return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    };
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: 'Thomas Whitfield farmed near Raleigh and Cary.' });
    await call('ada', 'POST', `/api/books/${id}/compile`);
    await until(async () => waiting === 1);
    expect((await call('ada', 'GET', `/api/books/${id}/export?format=md`)).body).toBe(md.body);
    await stack.restartWorkers();
    expect((await compiled('ada', id)).compile.status).toBe('done');
    expect((await call('ada', 'GET', `/api/books/${id}/export?format=md`)).body).toContain('Raleigh and Cary.');
  });
});
