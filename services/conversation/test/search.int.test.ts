import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { migrations } from '../src/migrations';

requireInfra('DATABASE_URL');

let svc: TestService;
let app: FastifyInstance;
let alice: string;
let bob: string;
const ids: Record<string, string> = {};

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function conversation(token: string, title: string, messages: [type: 'user' | 'assistant', content: string][]) {
  const c = (
    await app.inject({ method: 'POST', url: '/api/conversations', headers: as(token), payload: { title } })
  ).json();
  for (const [type, content] of messages) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/conversations/${c.id}/messages`,
      headers: as(token),
      payload: { type, content },
    });
    expect(res.statusCode).toBe(201);
  }
  return c.id as string;
}

async function search(token: string, query: string, limit?: number) {
  const url = `/api/conversations/search?query=${encodeURIComponent(query)}${limit ? `&limit=${limit}` : ''}`;
  const res = await app.inject({ method: 'GET', url, headers: as(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  svc = await createTestService({ name: 'conversation', schema: 'conversation', migrations });
  app = await buildApp(svc as never);
  alice = await svc.signer.sign({ id: 'search-alice' });
  bob = await svc.signer.sign({ id: 'search-bob' });
  ids.schmidt = await conversation(alice, 'Emigration questions', [
    ['user', 'Where did Johann Schmidt live before 1850?'],
    ['assistant', 'The baptism register names Johann Schmidt in Hesse; his son emigrated to Ohio.'],
    ['user', 'And the Schmidt farm records?'],
  ]);
  ids.muller = await conversation(alice, 'Müller line', [['assistant', 'Anna Müller married in Zürich in 1872.']]);
  ids.mcdonald = await conversation(alice, 'Highland roots', [['user', 'Tell me about Angus McDonald of Skye.']]);
  ids.kowalczyk = await conversation(alice, 'Polish parish', [['user', 'Records of Stanisław Kowalczyk in Kraków.']]);
  ids.xss = await conversation(alice, 'Odd text', [['user', 'Harrington <script>alert(1)</script> & sons']]);
  ids.bobSmith = await conversation(bob, 'Bob’s Smith family', [['user', 'John Smith of Boston, Smith everywhere']]);
});
afterAll(async () => {
  await app?.close();
  await svc?.cleanup();
});

describe('conversation search', () => {
  it('answers the spec shape with highlighted previews', async () => {
    const res = await search(alice, 'Schmidt');
    expect(res.query).toBe('Schmidt');
    expect(res.totalFound).toBe(1);
    const [hit] = res.results;
    expect(hit).toMatchObject({ conversationId: ids.schmidt, title: 'Emigration questions', matchCount: 3 });
    expect(Date.parse(hit.lastActivity)).not.toBeNaN();
    expect(hit.relevantMessages.length).toBe(3);
    for (const m of hit.relevantMessages) {
      expect(['user', 'assistant']).toContain(m.type);
      expect(m.preview).toMatch(/<mark>Schmidt<\/mark>/);
      expect(m.content.length).toBeGreaterThan(0);
    }
  });

  it('finds accented names without accents and the other way round', async () => {
    expect((await search(alice, 'Muller')).results.map((r: { conversationId: string }) => r.conversationId)).toContain(
      ids.muller,
    );
    expect((await search(alice, 'zurich')).results[0].conversationId).toBe(ids.muller);
    expect((await search(alice, 'Krakow')).results[0].conversationId).toBe(ids.kowalczyk);
  });

  it('finds known surname equivalents: Smith finds Schmidt, Miller finds Müller, MacDonald finds McDonald', async () => {
    expect((await search(alice, 'Smith')).results.map((r: { conversationId: string }) => r.conversationId)).toEqual([
      ids.schmidt,
    ]);
    expect((await search(alice, 'Miller')).results.map((r: { conversationId: string }) => r.conversationId)).toContain(
      ids.muller,
    );
    expect(
      (await search(alice, 'MacDonald')).results.map((r: { conversationId: string }) => r.conversationId),
    ).toContain(ids.mcdonald);
  });

  it('finds misspelt surnames through the user’s own vocabulary (trigrams)', async () => {
    expect(
      (await search(alice, 'Kowalcyk')).results.map((r: { conversationId: string }) => r.conversationId),
    ).toContain(ids.kowalczyk);
    expect((await search(alice, 'Schmitd')).results.map((r: { conversationId: string }) => r.conversationId)).toContain(
      ids.schmidt,
    );
  });

  it('finds a year alone, searched as typed', async () => {
    const res = await search(alice, '1850');
    expect(res.results.map((r: { conversationId: string }) => r.conversationId)).toEqual([ids.schmidt]);
    expect(res.results[0].relevantMessages[0].preview).toContain('<mark>1850</mark>');
  });

  it('ignores stop words wherever they are in the query', async () => {
    for (const query of ['the Hesse', 'Hesse the', 'Johann the Hesse']) {
      expect((await search(alice, query)).results.map((r: { conversationId: string }) => r.conversationId)).toEqual([
        ids.schmidt,
      ]);
    }
  });

  it('matches titles too', async () => {
    const res = await search(alice, 'highland');
    expect(res.results[0]).toMatchObject({ conversationId: ids.mcdonald, title: 'Highland roots' });
  });

  it('expands misspelt surnames the same way when the vocabulary is large (over 1,000 terms: trigram index)', async () => {
    const token = await svc.signer.sign({ id: 'search-wide' });
    // Three messages of 400 distinct made-up capitalised words (vocabularyTerms keeps 400 a message).
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const made = (n: number) =>
      `Qv${letters[Math.floor(n / 676) % 26]}${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
    for (let part = 0; part < 3; part++) {
      const words = Array.from({ length: 400 }, (_, i) => made(part * 400 + i)).join(' ');
      await conversation(token, `Word list ${part}`, [['assistant', words]]);
    }
    const kowalczyk = await conversation(token, 'Polish parish', [
      ['user', 'Records of Stanisław Kowalczyk in Kraków.'],
    ]);
    const schmidt = await conversation(token, 'Hesse', [['user', 'Johann Schmidt in Hesse.']]);
    const terms = await svc.database.pool.query<{ n: number }>(
      "select count(*)::int as n from user_terms where user_id = 'search-wide'",
    );
    expect(terms.rows[0]!.n).toBeGreaterThan(1000);

    const found = async (query: string) =>
      (await search(token, query)).results.map((r: { conversationId: string }) => r.conversationId);
    expect(await found('Kowalcyk')).toEqual([kowalczyk]);
    expect(await found('Schmitd')).toEqual([schmidt]);
  });

  it('never returns another user’s conversations', async () => {
    const mine = await search(bob, 'Smith');
    expect(mine.results.map((r: { conversationId: string }) => r.conversationId)).toEqual([ids.bobSmith]);
    const theirs = await search(bob, 'Schmidt');
    expect(theirs.results.map((r: { conversationId: string }) => r.conversationId)).not.toContain(ids.schmidt);
    // A word only Alice used: Bob's vocabulary must not expand into it either.
    expect((await search(bob, 'Harrington')).totalFound).toBe(0);
  });

  it('escapes the message text: the only markup in a preview is <mark>', async () => {
    const res = await search(alice, 'Harrington');
    const preview: string = res.results[0].relevantMessages[0].preview;
    // ts_headline's parser drops tags; whatever is left is escaped.
    expect(preview).not.toContain('<script');
    expect(preview).toContain('&amp;');
    expect(preview.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('previews cited answers as plain text: link text kept, no link syntax or addresses (issue 30, point 3)', async () => {
    const token = await svc.signer.sign({ id: 'search-links' });
    const cite = (name: string, id: string, page: number) =>
      `[${name}, p. ${page}](/documents?view=${id}&page=${page}&q=Thomas%20Whitfield)`;
    const answer = (n: number) =>
      `Thomas Whitfield was baptised at St Martin on 3 May 1850 (${cite('baptism.txt', '65f0a1b2c3d4e5f6a7b8c9d0', 1)}). ` +
      `His father was a weaver, as the register says (see ${cite('register.pdf', '65f0a1b2c3d4e5f6a7b8c9d1', 2)}) ` +
      `and more text here about the family of Whitfield in Leeds, answer ${n}.`;
    await conversation(token, 'Leeds weavers', [
      ['user', 'Who were the weavers of Leeds?'],
      ['assistant', answer(1)],
      ['assistant', answer(2)],
    ]);
    const res = await search(token, 'Whitfield');
    const previews: string[] = res.results[0].relevantMessages.map((m: { preview: string }) => m.preview);
    expect(previews).toHaveLength(2);
    for (const preview of previews) {
      const text = preview.replace(/<\/?mark>/g, '');
      expect(text).not.toMatch(/view=|%20|\]\(|\)\)|\/documents/);
      expect(text).toContain('baptism.txt, p. 1');
      expect(preview).toContain('<mark>Whitfield</mark>');
    }
  });

  it('limits results and counts all matches in totalFound', async () => {
    const token = await svc.signer.sign({ id: 'search-many' });
    for (let i = 0; i < 4; i++)
      await conversation(token, `Session ${i}`, [['user', `Parish register of Ashby number ${i}`]]);
    const res = await search(token, 'Ashby', 2);
    expect(res.results).toHaveLength(2);
    expect(res.totalFound).toBe(4);
  });

  it('refuses an empty query and a limit above 20', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/conversations/search?query=%20', headers: as(alice) })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/api/conversations/search?query=x&limit=21', headers: as(alice) }))
        .statusCode,
    ).toBe(400);
  });

  it('treats query punctuation as plain text', async () => {
    const res = await search(alice, "Schmidt's & | ! (farm) :*");
    expect(res.results[0].conversationId).toBe(ids.schmidt);
  });
});
