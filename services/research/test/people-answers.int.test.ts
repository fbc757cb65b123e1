import { ResearchResponse } from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import { type FakeAnthropic, startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePeopleIndex } from '../../documents/src/people/use-cases/update-people-index';
import { WHITFIELD_FAMILY } from '../../documents/test/fixtures/family';
import { seedRecord } from '../../documents/test/helpers/people';
import { type DocumentsHarness, startDocuments } from '../../documents/test/helpers/service';
import { type ResearchStack, startResearchStack } from './support/stack';

requireInfra('DATABASE_URL');

/**
 * Issue 16: "What do we know about Thomas Whitfield?" is answered from the people index — every
 * document he is in, his timeline and the planted conflict (the 1880 census age against the
 * obituary's birth year) — through the REAL documents service and its index on Postgres.
 */
let docs: DocumentsHarness;
let docsUrl: string;
const alice = newObjectId();
const bob = newObjectId();
const QUESTION = 'What do we know about Thomas Whitfield?';

beforeAll(async () => {
  docs = await startDocuments();
  await docs.app.listen({ port: 0, host: '127.0.0.1' });
  docsUrl = `http://127.0.0.1:${(docs.app.server.address() as { port: number }).port}`;
  const db = docs.deps.database.db;
  for (const [name, text] of Object.entries(WHITFIELD_FAMILY)) await seedRecord(db, { ownerId: alice, name, text });
  await updatePeopleIndex(db, alice, { kind: 'rebuild' });
  // One lookup before Gene's: research gives the documents service 5 s for it, and the first one on a loaded machine
  // (queries planned, modules loaded) can take longer; a CI run failed once so. The answer's content is tested below.
  const warm = await docs.app.inject({
    method: 'POST',
    url: '/internal/people/lookup',
    headers: { 'x-internal-token': 'test-internal-token-0123456789' },
    payload: { userId: alice, names: ['Thomas Whitfield'] },
  });
  expect(warm.statusCode, warm.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await docs?.close();
});

async function ask(stack: ResearchStack, userId: string, query: string) {
  const { research } = await stack.tokens(userId);
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/research',
    headers: research,
    payload: { query, documentIds: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ResearchResponse.parse(res.json());
}

describe('Gene answers about a person from the people index, offline engine', () => {
  let stack: ResearchStack;
  beforeAll(async () => {
    stack = await startResearchStack();
    stack.deps.config.DOCUMENTS_URL = docsUrl;
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('lists his documents, timeline and the conflict, each cited', async () => {
    const body = await ask(stack, alice, QUESTION);
    expect(body.response).toContain('## What your records say about Thomas Whitfield');
    expect(body.response).toMatch(/\[thomas-obituary-1890\.txt[^\]]*\]\(\/documents\?view=/);
    expect(body.response).toMatch(/\[census-1880-raleigh\.txt[^\]]*\]\(\/documents\?view=/);
    expect(body.response).toContain('Conflicts to resolve');
    expect(body.response).toMatch(/⚠ .*(1828|1832)/);
  });

  it("never reads another user's index", async () => {
    const body = await ask(stack, bob, QUESTION);
    expect(body.response).not.toContain('What your records say about Thomas Whitfield');
  });
});

describe('Gene answers about a person from the people index, Anthropic (real SDK, fake Messages API)', () => {
  let fake: FakeAnthropic;
  let stack: ResearchStack;
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

  it('gives the model the index block with the evidence and the conflict', async () => {
    fake.enqueue({ text: 'Thomas Whitfield was a farmer of Raleigh.' });
    await ask(stack, alice, QUESTION);
    const system = JSON.stringify(fake.requests.at(-1)!.body.system);
    expect(system).toContain('<people-index>');
    expect(system).toContain('Individual: Thomas Whitfield');
    expect(system).toMatch(/Evidence: Thomas Whitfield as [a-z ]+ in \\"thomas-obituary-1890\.txt\\"/);
    expect(system).toContain('- Conflict: ');
  });
});
