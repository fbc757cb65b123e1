import { ResearchResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SULLIVAN_OBITUARY, WHITFIELD_CERTIFICATE } from '../../documents/test/fixtures/texts';
import { seedDocument } from '../../documents/test/helpers/library';
import { type DocumentsHarness, startDocuments } from '../../documents/test/helpers/service';
import { parseSse, type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

const QUESTION = 'Who were the parents of John Henry Whitfield and when did he marry?';

/**
 * Issue 16, "Retrieval" (decision 0170): a question asked with nothing selected is answered from
 * the user's own library. The REAL documents service (its library search over Postgres) behind
 * research; the offline engine, then Anthropic's real SDK against the fake Messages API.
 */
let docs: DocumentsHarness;
let docsUrl: string;
const alice = newObjectId();
const bob = newObjectId();
let certificate: string;
let obituary: string;
let bobsLetter: string;

beforeAll(async () => {
  docs = await startDocuments();
  await docs.app.listen({ port: 0, host: '127.0.0.1' });
  docsUrl = `http://127.0.0.1:${(docs.app.server.address() as { port: number }).port}`;
  const db = docs.deps.database.db;
  // An id's first 8 hex digits are the second it was made in: two made in one second sort by chance. The obituary's
  // is a second later, so ordered by id the certificate comes first (the test of the selection's order needs that).
  const certificateId = newObjectId();
  const obituaryId = `${(Number.parseInt(certificateId.slice(0, 8), 16) + 1).toString(16).padStart(8, '0')}${certificateId.slice(8)}`;
  certificate = await seedDocument(db, {
    ownerId: alice,
    name: 'marriage.png',
    pages: WHITFIELD_CERTIFICATE,
    id: certificateId,
  });
  obituary = await seedDocument(db, {
    ownerId: alice,
    name: 'sullivan-obituary.txt',
    pages: [SULLIVAN_OBITUARY],
    id: obituaryId,
  });
  await seedDocument(db, {
    ownerId: alice,
    name: 'whitfield-baptism-1834.txt',
    pages: [
      'Baptism. John Whitfield, son of William Whitfield and Ann Whitfield, baptised 4 May 1834 at Halifax, Yorkshire.',
    ],
  });
  bobsLetter = await seedDocument(db, {
    ownerId: bob,
    name: 'bobs-letter.txt',
    pages: [
      'Dear cousin, John Henry Whitfield was my grandfather; his parents were Peter Whitfield and Jane Whitfield.',
    ],
  });
}, 60_000);
afterAll(async () => {
  await docs?.close();
});

async function ask(stack: ResearchStack, userId: string, payload: Record<string, unknown>) {
  const { research } = await stack.tokens(userId);
  return stack.app.inject({ method: 'POST', url: '/api/research', headers: research, payload });
}

describe('library retrieval, offline engine', () => {
  let stack: ResearchStack;
  beforeAll(async () => {
    stack = await startResearchStack();
    stack.deps.config.DOCUMENTS_URL = docsUrl;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("answers the issue's Whitfield question without a selection, citing the certificate and its page", async () => {
    const res = await ask(stack, alice, { query: QUESTION, documentIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    const body = ResearchResponse.parse(res.json());
    // The citation opens the viewer at the page and highlights the name asked about.
    const cite = `[marriage.png, p. 2](/documents?view=${certificate}&page=2&q=John%20Henry%20Whitfield)`;
    const lead = body.response.split('\n')[0]!;
    expect(lead).toContain("John Henry Whitfield's parents were Thomas Whitfield and Mary Ann Whitfield");
    expect(lead).toContain('he married on 14 June 1887 in Raleigh');
    expect(lead).toContain(cite);
    expect(body.response).not.toContain('No documents selected');
    expect(body.response).not.toContain('You have not selected any documents');
    expect(body.response).toContain('Found by searching your library');
    // The documents read, as full source citations ready to copy (Evidence Explained style).
    expect(body.response).toMatch(/## Source citations\n- [^\n]*"marriage\.png"/);
    // Nothing of Bob's, nothing of the Sullivans.
    expect(body.response).not.toContain('Peter Whitfield');
    expect(body.response).not.toContain(bobsLetter);
    expect(body.response).not.toContain('Sullivan');
    expect(body.sources?.[0]).toEqual({
      documentId: certificate,
      originalName: 'marriage.png',
      pages: expect.arrayContaining([2]),
      highlight: 'John Henry Whitfield',
      // Its Evidence Explained-style citation, from the documents service (issue 16).
      citation: expect.stringContaining('"marriage.png"'),
    });
    expect(body.sources?.some((s) => s.documentId === bobsLetter)).toBe(false);
  });

  it('lists the sources in the stream, and leaves out a dropped document on the next question', async () => {
    const { research } = await stack.tokens(alice);
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/research/stream',
      headers: research,
      payload: { query: QUESTION, documentIds: [] },
    });
    const events = parseSse(res.body);
    const start = events.find((e) => e.event === 'start')!;
    expect((start.data.sources as { documentId: string }[])[0]?.documentId).toBe(certificate);
    expect((events.find((e) => e.event === 'done')!.data.sources as { documentId: string }[])[0]?.documentId).toBe(
      certificate,
    );

    const dropped = ResearchResponse.parse(
      (await ask(stack, alice, { query: QUESTION, documentIds: [], excludeDocumentIds: [certificate] })).json(),
    );
    expect(dropped.sources?.some((s) => s.documentId === certificate) ?? false).toBe(false);
    expect(dropped.response).not.toContain(`view=${certificate}`);
  });

  it('saves the sources with the answer, so a conversation opened later still lists them', async () => {
    const conversationId = await stack.newConversation(alice);
    const body = ResearchResponse.parse(
      (await ask(stack, alice, { query: QUESTION, documentIds: [], conversationId })).json(),
    );
    expect(body.messageId).toBeTruthy();
    const saved = await stack.conversation(alice, conversationId);
    const answer = (saved.messages as { id: string; type: string; sources?: { documentId: string }[] }[]).find(
      (m) => m.id === body.messageId,
    );
    expect(answer?.sources).toEqual(body.sources);
    expect(answer?.sources?.[0]?.documentId).toBe(certificate);
  });

  it('complements a selection without repeating it: the selection is listed first, once', async () => {
    const body = ResearchResponse.parse((await ask(stack, alice, { query: QUESTION, documentIds: [obituary] })).json());
    // Issue 30, point 1: the selected document is always among the sources used, and first.
    const ids = body.sources?.map((s) => s.documentId) ?? [];
    expect(ids.slice(0, 2)).toEqual([obituary, certificate]);
    expect(ids.filter((id) => id === obituary)).toHaveLength(1);
    expect(body.sources?.[0]).toMatchObject({
      documentId: obituary,
      originalName: 'sullivan-obituary.txt',
      selected: true,
    });
    expect(body.sources?.[1]?.selected).toBeUndefined();
    expect(body.response).toContain(`view=${certificate}&page=2`);
  });

  it("never reads another user's library", async () => {
    const body = ResearchResponse.parse((await ask(stack, bob, { query: QUESTION, documentIds: [] })).json());
    expect(body.sources?.map((s) => s.documentId)).toEqual([bobsLetter]);
    expect(body.response).not.toContain(certificate);
    expect(body.response).not.toContain('Thomas Whitfield');
    const stranger = ResearchResponse.parse(
      (await ask(stack, newObjectId(), { query: QUESTION, documentIds: [] })).json(),
    );
    expect(stranger.sources).toBeUndefined();
    expect(stranger.response).toContain('You have not selected any documents');
  });
});

describe('library retrieval, Anthropic (real SDK, fake Messages API)', () => {
  let stack: ResearchStack;
  let fake: FakeAnthropic;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    stack = await startResearchStack({
      LLM_PROVIDER: '',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_MODEL: 'claude-test',
    });
    stack.deps.config.DOCUMENTS_URL = docsUrl;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await fake?.close();
  });

  it('puts the found pages into the prompt with their source and page, marked as found', async () => {
    fake.enqueue({
      text: `His parents were Thomas and Mary Ann Whitfield [marriage.png, p. 2](/documents?view=${certificate}&page=2).`,
    });
    const res = await ask(stack, alice, { query: QUESTION, documentIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    const system = JSON.stringify(fake.requests[0]!.body);
    expect(system).toContain("Gene searched the user's library for this question");
    expect(system).toContain(`<document name=\\"marriage.png\\" id=\\"${certificate}\\"`);
    expect(system).toContain('found=\\"library search\\"');
    expect(system).toContain('[Page 2]');
    expect(system).toContain('son of Thomas Whitfield and Mary Ann Whitfield');
    // Each document's source citation goes with it, for the model to cite (decision 0186).
    expect(system).toMatch(/Source citation: [^"]*\\"marriage\.png\\"/);
    expect(system).not.toContain('Peter Whitfield');
    expect(ResearchResponse.parse(res.json()).sources?.[0]?.documentId).toBe(certificate);
  });

  it('reads the selected document first and lists it first, with what the library search found after it', async () => {
    // Issue 30, point 1. The obituary's id is a second after the certificate's (see the seeding), so it sorts after it:
    // ordered by id, the found certificate would come first and the selection second.
    expect(obituary > certificate).toBe(true);
    fake.enqueue({ text: 'The obituary is about the Sullivans; the certificate names his parents.' });
    const conversationId = await stack.newConversation(alice);
    const res = await ask(stack, alice, { query: QUESTION, documentIds: [obituary], conversationId });
    expect(res.statusCode, res.body).toBe(200);
    const request = fake.requests.at(-1)!.body as { system: { text: string }[] };
    const blocks = request.system.map((b) => b.text);
    const selectedAt = blocks.findIndex((t) => t.startsWith('<document name="sullivan-obituary.txt"'));
    const foundAt = blocks.findIndex((t) => t.startsWith('<document name="marriage.png"'));
    expect(selectedAt).toBeGreaterThan(0);
    expect(foundAt).toBeGreaterThan(selectedAt);
    expect(blocks[selectedAt]).not.toContain('found="library search"');
    expect(blocks[foundAt]).toContain('found="library search"');
    // The preamble says what was selected, that it comes first, and that the rest of the library was searched too.
    const preamble = blocks[selectedAt - 1]!;
    expect(preamble).toContain('The user selected 1 document');
    expect(preamble).toContain('given first');
    expect(preamble).toContain("Gene also searched the rest of the user's library");
    // "Sources used": the selection first, then what the search found; saved so with the answer.
    const body = ResearchResponse.parse(res.json());
    const ids = body.sources?.map((s) => s.documentId) ?? [];
    expect(ids.slice(0, 2)).toEqual([obituary, certificate]);
    expect(ids.filter((id) => id === obituary)).toHaveLength(1);
    expect(body.sources?.slice(1).every((s) => s.selected === undefined)).toBe(true);
    expect(body.sources?.[0]).toMatchObject({ originalName: 'sullivan-obituary.txt', selected: true });
    const saved = await stack.conversation(alice, conversationId);
    const answer = (saved.messages as { id: string; sources?: { documentId: string }[] }[]).find(
      (m) => m.id === body.messageId,
    );
    expect(answer?.sources?.map((s) => s.documentId)).toEqual(ids);

    // The stream's start and done events list them in the same order.
    fake.enqueue({ text: 'Again.' });
    const { research } = await stack.tokens(alice);
    const streamed = parseSse(
      (
        await stack.app.inject({
          method: 'POST',
          url: '/api/research/stream',
          headers: research,
          payload: { query: QUESTION, documentIds: [obituary] },
        })
      ).body,
    );
    for (const name of ['start', 'done'])
      expect(
        (streamed.find((e) => e.event === name)!.data.sources as { documentId: string }[]).map((s) => s.documentId),
      ).toEqual(ids);
  });
});
