import type { DocumentEntities, DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RealBilling, startRealBilling } from '../../research/test/support/real-billing';
import { EXTRACTION_NOTES } from '../src/llm/metered-extraction';
import { startToolFake, type ToolFake } from './fakes/anthropic-tools';
import { OBITUARY } from './fixtures/texts';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 29, point 6: extraction with a model is metered. The REAL @anthropic-ai/sdk against a fake
 * Messages API on loopback (its answers report 100 input and 50 output tokens), the REAL billing
 * service: an upload and a "Read again" each hold tokens before the model call and settle them
 * with the usage the model reported. With the balance spent the model is not called, the rules
 * read the document, and the record says why in plain words.
 */
const ENTITIES: DocumentEntities = {
  documentType: 'obituary',
  peopleIdentified: [{ name: 'Mary Ellen Turner', role: 'primary_subject' }],
  dateInfo: [{ original: '4 May 1911', normalized: '1911-05-04', qualifier: 'exact', year: 1911 }],
  geographicalInfo: [{ name: 'Roanoke', kind: 'town', countryCode: 'US' }],
  occupations: [],
  tags: ['obituary'],
};
const USED = 100 + 50;

describe('metered model extraction (issue 29, point 6)', () => {
  let fake: ToolFake;
  let billing: RealBilling;
  let h: DocumentsHarness;

  const balance = async (userId: string) => {
    const res = await fetch(`${billing.url}/internal/balances/${userId}`, {
      headers: { 'x-internal-token': billing.config.INTERNAL_TOKEN },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { remaining: number; tokensUsed: number };
  };
  const reservations = (userId: string) =>
    billing.db
      .selectFrom('reservations')
      .select(['request_id', 'status'])
      .where('user_id', '=', userId)
      .orderBy('request_id')
      .execute();
  const upload = async (token: string): Promise<DocumentRecord> => {
    const accepted = await uploadAccepted(h, token, 'turner-obituary.txt', Buffer.from(OBITUARY));
    const doc = await waitProcessed(h.app, token, accepted._id, 60_000);
    expect(doc.processingStatus, JSON.stringify(doc.processingError)).toBe('completed');
    return doc;
  };

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    fake = await startToolFake();
    billing = await startRealBilling();
    h = await startDocuments({
      env: {
        BILLING_URL: billing.url,
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_BASE_URL: fake.url,
        EXTRACTION_PROVIDER: 'anthropic',
        HANDWRITING_PROVIDER: 'off',
        FACE_DETECTION: 'off',
      },
    });
    await h.startWorker();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await billing?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.respond = () => ({ input: ENTITIES });
  });

  it('holds tokens before the model call and settles them with its usage, on upload and on Read again', async () => {
    const token = await h.token('mx-ada');
    const doc = await upload(token);
    expect(doc.extractionMethod).toBe('llm');
    expect(fake.requests).toHaveLength(1);
    // The answer is capped to what was held (a full hold: the model's 4 096).
    expect(fake.requests[0].max_tokens).toBeLessThanOrEqual(4096);
    expect(await reservations('mx-ada')).toEqual([{ request_id: `extraction-${doc._id}-r1-a1`, status: 'settled' }]);
    expect((await balance('mx-ada')).tokensUsed).toBe(USED);

    const again = await h.app.inject({
      method: 'POST',
      url: `/api/documents/${doc._id}/reprocess`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
    await waitUntil(async () => (await reservations('mx-ada')).length === 2 && fake.requests.length === 2);
    const reread = await waitProcessed(h.app, token, doc._id, 60_000);
    expect(reread.extractionMethod).toBe('llm');
    expect(await reservations('mx-ada')).toEqual([
      { request_id: `extraction-${doc._id}-r1-a1`, status: 'settled' },
      { request_id: `extraction-${doc._id}-r2-a1`, status: 'settled' },
    ]);
    expect((await balance('mx-ada')).tokensUsed).toBe(2 * USED);
    expect(reread.extractionNote ?? null).toBeNull();
  });

  it('with the balance spent, does not call the model: the rules read the document and the record says why', async () => {
    const token = await h.token('mx-bob');
    const first = await balance('mx-bob');
    // Everything the trial has left, held by another request.
    const drain = await fetch(`${billing.url}/internal/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': billing.config.INTERNAL_TOKEN },
      body: JSON.stringify({
        userId: 'mx-bob',
        requestId: 'mx-bob-drain',
        estimatedTokens: Math.max(1, first.remaining),
      }),
    });
    expect(drain.status).toBe(200);

    const doc = await upload(token);
    expect(fake.requests).toHaveLength(0);
    expect(doc.extractionMethod).toBe('rules');
    expect(doc.peopleIdentified).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Mary Ellen Turner' })]),
    );
    expect(doc.dateInfo.map((d) => d.year)).toContain(1911);
    expect(doc.extractionNote).toBe(EXTRACTION_NOTES.noTokens);
    expect(EXTRACTION_NOTES.noTokens).toMatch(/no tokens left/);
    // Nothing held or charged for this document (billing may record its refusal).
    const rows = await reservations('mx-bob');
    expect(rows.filter((r) => r.status !== 'refused')).toEqual([{ request_id: 'mx-bob-drain', status: 'held' }]);
    expect((await balance('mx-bob')).tokensUsed).toBe(0);
  });

  it('gives the held tokens back when the model fails (the rules read the document)', async () => {
    const token = await h.token('mx-cy');
    fake.respond = () => ({ status: 400 });
    const doc = await upload(token);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(doc.extractionMethod).toBe('rules');
    expect(await reservations('mx-cy')).toEqual([{ request_id: `extraction-${doc._id}-r1-a1`, status: 'released' }]);
    expect((await balance('mx-cy')).tokensUsed).toBe(0);
  });

  it('reads with the rules, without the model, when billing cannot be reached', async () => {
    const token = await h.token('mx-dee');
    await billing.stop();
    try {
      const doc = await upload(token);
      expect(fake.requests).toHaveLength(0);
      expect(doc.extractionMethod).toBe('rules');
      expect(doc.extractionNote).toBe(EXTRACTION_NOTES.billingUnavailable);
    } finally {
      await billing.start();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
