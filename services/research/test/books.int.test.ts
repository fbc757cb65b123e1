import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BOOK_PLAN } from '../src/use-cases/create-book';
import { callAs, newBookAs } from './support/book-helpers';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

let stack: ResearchStack;

beforeAll(async () => {
  stack = await startResearchStack();
});
afterAll(async () => {
  await stack?.close();
});

const call = (userId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  callAs(stack, userId, method, url, payload);

const newBook = (userId: string, payload?: Record<string, unknown>) => newBookAs(stack, userId, payload);

describe('books: create, read, edit, delete', () => {
  it('creates a book, lists it, sets its outline, edits a chapter and deletes it', async () => {
    const id = await newBook('ada', { title: '  The Whitfields ', rootIndividualId: 'p-john', generations: 3 });
    const book = (await call('ada', 'GET', `/api/books/${id}`)).json();
    expect(book).toMatchObject({
      id,
      title: 'The Whitfields',
      rootIndividualId: 'p-john',
      conversationId: null,
      generations: 3,
      trim: '6x9',
      outline: [],
      chapters: [],
      compile: { status: 'none', progress: 0, error: null, compiledAt: null },
    });

    const put = await call('ada', 'PUT', `/api/books/${id}`, {
      title: 'The Whitfields of Wake County',
      outline: ['Thomas', 'John Henry'],
      trim: 'a4',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'The Whitfields of Wake County',
      trim: 'a4',
      outline: ['Thomas', 'John Henry'],
      chapters: [
        { n: 1, title: 'Thomas', status: 'empty', source: null, text: null },
        { n: 2, title: 'John Henry', status: 'empty', source: null, text: null },
      ],
    });

    const edit = await call('ada', 'PUT', `/api/books/${id}/chapters/2`, { text: 'John Henry was *born* in 1858.' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      n: 2,
      status: 'edited',
      source: 'author',
      text: 'John Henry was *born* in 1858.',
    });

    // A shorter outline drops the chapters past its end; the list counts what is left.
    await call('ada', 'PUT', `/api/books/${id}`, { outline: ['Thomas'] });
    const list = (await call('ada', 'GET', '/api/books')).json();
    expect(list.books).toEqual([
      expect.objectContaining({ id, title: 'The Whitfields of Wake County', chapterCount: 1, writtenCount: 0 }),
    ]);
    expect(list.books[0]).not.toHaveProperty('chapters');

    // Null gives the chapter back to the register.
    await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: 'Thomas died in 1890.' });
    const back = await call('ada', 'PUT', `/api/books/${id}/chapters/1`, { text: null });
    expect(back.json()).toMatchObject({ n: 1, status: 'empty', source: null, text: null });

    expect((await call('ada', 'DELETE', `/api/books/${id}`)).statusCode).toBe(200);
    expect((await call('ada', 'GET', `/api/books/${id}`)).statusCode).toBe(404);
    expect((await call('ada', 'GET', '/api/books')).json().books.map((b: { id: string }) => b.id)).not.toContain(id);
  });

  it("answers 404 for another user's book, and for an id that is no id", async () => {
    const id = await newBook('ada');
    await call('ada', 'PUT', `/api/books/${id}`, { outline: ['One'] });
    for (const [method, url, payload] of [
      ['GET', `/api/books/${id}`],
      ['PUT', `/api/books/${id}`, { title: 'Mine now' }],
      ['PUT', `/api/books/${id}/chapters/1`, { text: 'Mine now' }],
      ['POST', `/api/books/${id}/compile`],
      ['GET', `/api/books/${id}/export?format=md`],
      ['DELETE', `/api/books/${id}`],
    ] as const) {
      const res = await call('eve', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Book not found' });
    }
    expect((await call('eve', 'GET', '/api/books')).json().books).toEqual([]);
    expect((await call('ada', 'GET', '/api/books/not-an-id')).statusCode).toBe(404);
    // Eve's attempts changed nothing.
    expect((await call('ada', 'GET', `/api/books/${id}`)).json()).toMatchObject({ title: 'The Whitfields' });
  });

  it('refuses bad input with a readable 400', async () => {
    const cases: [string, 'POST' | 'PUT' | 'GET', string, unknown][] = [
      ['A book needs a title.', 'POST', '/api/books', {}],
      ['A book needs a title.', 'POST', '/api/books', { title: '   ' }],
      ['A title has at most 200 characters.', 'POST', '/api/books', { title: 'x'.repeat(201) }],
      ['A book covers 1 to 10 generations.', 'POST', '/api/books', { title: 'T', generations: 0 }],
      ['Generations is a whole number.', 'POST', '/api/books', { title: 'T', generations: 2.5 }],
      ['The trim is one of 6x9, a4 or letter.', 'POST', '/api/books', { title: 'T', trim: 'folio' }],
      ['Unknown field: colour', 'POST', '/api/books', { title: 'T', colour: 'red' }],
    ];
    for (const [error, method, url, payload] of cases) {
      const res = await call('ada', method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const id = await newBook('ada');
    const more: [string, 'POST' | 'PUT' | 'GET', string, unknown][] = [
      ['Nothing to change: send a title, an outline, generations or a trim.', 'PUT', `/api/books/${id}`, {}],
      ['A chapter title cannot be empty.', 'PUT', `/api/books/${id}`, { outline: ['One', ' '] }],
      ['The outline is a list of chapter titles.', 'PUT', `/api/books/${id}`, { outline: 'One' }],
      ['The chapter number is a whole number from 1.', 'PUT', `/api/books/${id}/chapters/0`, { text: 'x' }],
      [
        'The chapter text is empty: send null to give the chapter back to the register.',
        'PUT',
        `/api/books/${id}/chapters/1`,
        { text: '  ' },
      ],
      ['The format is one of pdf, docx, epub or md.', 'GET', `/api/books/${id}/export?format=xls`, undefined],
      [
        'A chapter has at most 200,000 characters.',
        'PUT',
        `/api/books/${id}/chapters/1`,
        { text: 'x'.repeat(200_001) },
      ],
    ];
    for (const [error, method, url, payload] of more) {
      const res = await call('ada', method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const missing = await call('ada', 'PUT', `/api/books/${id}/chapters/3`, { text: 'Chapter three' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'This book has no chapter 3.' });
  });

  it("refuses a conversation without a book plan (422), and another user's conversation (404)", async () => {
    const conversationId = await stack.newConversation('ada');
    const res = await call('ada', 'POST', '/api/books', { title: 'From chat', conversationId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: NO_BOOK_PLAN });
    const foreign = await call('eve', 'POST', '/api/books', { title: 'From chat', conversationId });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('books: the OpenAPI document', () => {
  it('describes every book route with its request and answer schemas', async () => {
    const doc = (await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>
    >;
    expect(Object.keys(paths['/api/books']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/books/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/api/books/{id}/chapters/{n}']!.put!.requestBody).toBeDefined();
    expect(Object.keys(paths['/api/books/{id}/compile']!.post!.responses).sort()).toEqual(['202', '404', '409', '429']);
    expect(Object.keys(paths['/api/books/{id}/export']!.get!.responses).sort()).toEqual(['400', '404', '422']);
    const view = JSON.stringify(paths['/api/books/{id}']!.get!.responses['200']);
    for (const field of ['outline', 'chapters', 'compile', 'progress', 'compiledAt', 'source'])
      expect(view).toContain(field);
  });
});
