import type { DocumentEntities } from '@gnology/contracts';
import { startFakeOpenAi } from '@gnology/testing/fakes/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsEnvSchema } from '../src/config';
import type { TokenMeter } from '../src/library/jobs/handwriting/billing';
import { createExtractionService } from '../src/llm/select-extractor';
import { startToolFake, type ToolFake } from './fakes/anthropic-tools';
import { OBITUARY } from './fixtures/texts';

const ENTITIES: DocumentEntities = {
  documentType: 'obituary',
  peopleIdentified: [{ name: 'Mary Ellen Turner', role: 'primary_subject' }],
  dateInfo: [{ original: '4 May 1911', normalized: '1911-05-04', qualifier: 'exact', year: 1911 }],
  geographicalInfo: [{ name: 'Roanoke', kind: 'town', countryCode: 'US' }],
  occupations: [],
  tags: ['obituary'],
};

const config = (env: Record<string, string>) => ({ ...documentsEnvSchema.parse(env) }) as never;
/** Billing's part, in memory: every hold granted in full (tests/metered-extraction.int.test.ts has the real one). */
const meter: TokenMeter = {
  reserve: async (_user, _id, estimated) => ({ amount: estimated }),
  settle: async () => ({ used: 0, remaining: 0 }),
  release: async () => {},
};
const paid = { ownerId: 'llm-test', requestId: 'extraction-test' };
const service = (env: Record<string, string>) => createExtractionService(config(env), undefined, { meter });

/** LLM extraction through the real SDKs against loopback fakes, and the fallback to the rules. */
describe('LLM extraction', () => {
  let fake: ToolFake;
  beforeAll(async () => {
    fake = await startToolFake();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('asks Claude for a forced tool call with the contract schema and uses its answer', async () => {
    // The model's record roles come back with its people; one naming someone the text does not is dropped.
    const personDetails = [
      { name: 'Mary Ellen Turner', recordRole: 'deceased' as const },
      { name: 'Ezekiel Nobody', recordRole: 'informant' as const },
    ];
    fake.respond = () => ({ input: { ...ENTITIES, personDetails } });
    const extraction = service({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url });
    expect(extraction.configured).toBe('anthropic');
    const out = await extraction.extract({ text: OBITUARY, isImage: false }, paid);
    expect(out.method).toBe('llm');
    expect(out.entities.peopleIdentified).toEqual(ENTITIES.peopleIdentified);
    // The model's record role, with the death the rules read in the obituary (the model gave none): issue 28.
    expect(out.entities.personDetails).toEqual([{ ...personDetails[0], died: '1911-05-04' }]);
    // The product's own tags (decades, places) are added to the model's.
    expect(out.entities.tags).toEqual(expect.arrayContaining(['obituary', '1910s']));
    const request = fake.requests.at(-1);
    expect(request.tool_choice).toMatchObject({ type: 'tool' });
    expect(request.tools[0].input_schema.properties).toHaveProperty('peopleIdentified');
    expect(request.messages[0].content).toContain('Mary Ellen Turner');
  });

  it('falls back to the rules when the model fails or answers outside the schema', async () => {
    const extraction = service({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url });
    fake.respond = () => ({ status: 500 });
    const failed = await extraction.extract({ text: OBITUARY, isImage: false }, paid);
    expect(failed.method).toBe('rules');
    expect(failed.entities.peopleIdentified[0]).toEqual({ name: 'Mary Ellen Turner', role: 'primary_subject' });
    fake.respond = () => ({ input: { peopleIdentified: [{ name: 'X', role: 'cousin-twice-removed' }] } });
    const invalid = await extraction.extract({ text: OBITUARY, isImage: false }, paid);
    expect(invalid.method).toBe('rules');
  });

  it('uses an OpenAI-compatible server with a JSON-schema response format', async () => {
    const openai = await startFakeOpenAi();
    try {
      openai.enqueue({ text: JSON.stringify(ENTITIES) });
      const extraction = service({ OPENAI_BASE_URL: openai.url });
      expect(extraction.configured).toBe('openai');
      const out = await extraction.extract({ text: OBITUARY, isImage: false }, paid);
      expect(out.method).toBe('llm');
      expect(out.entities.geographicalInfo).toEqual(ENTITIES.geographicalInfo);
      expect(openai.requests[0]!.body.response_format.type).toBe('json_schema');
      openai.enqueue({ text: 'not json at all' });
      expect((await extraction.extract({ text: OBITUARY, isImage: false }, paid)).method).toBe('rules');
    } finally {
      await openai.close();
    }
  });

  it('uses the rules alone when no provider is configured', async () => {
    const extraction = service({});
    expect(extraction.configured).toBe('rules');
    expect((await extraction.extract({ text: OBITUARY, isImage: false }, paid)).method).toBe('rules');
  });
});
