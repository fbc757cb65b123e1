import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 29, point 5: uploads and "Read again" are limited per user (fixed windows of an hour,
 * counted in Postgres so every replica sees the same count). Past the limit the answer is 429
 * with a message that says what was limited and when to come back, and a `retry-after`; another
 * user is not affected.
 */
describe('per-user limits on uploads and Read again (issue 29, point 5)', () => {
  let h: DocumentsHarness;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments({
      env: {
        DOCUMENTS_UPLOADS_PER_HOUR: '2',
        DOCUMENTS_READ_AGAIN_PER_HOUR: '1',
        EXTRACTION_PROVIDER: 'rules',
        HANDWRITING_PROVIDER: 'off',
        FACE_DETECTION: 'off',
      },
    });
    await h.startWorker();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const upload = async (token: string, name: string) => {
    const form = multipart(name, Buffer.from(`A note about ${name}, written in 1911.`));
    return h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };
  const readAgain = (token: string, id: string) =>
    h.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/reprocess`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
  const count = async (owner: string) =>
    Number(
      (
        await h.deps.database.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', '=', owner)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 429 with a clear message past the hourly upload limit, and stores nothing', async () => {
    const alice = await h.token('wl-alice');
    await uploadAccepted(h, alice, 'one.txt', Buffer.from('First note, 1901.'));
    await uploadAccepted(h, alice, 'two.txt', Buffer.from('Second note, 1902.'));
    const third = await upload(alice, 'three.txt');
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json().error).toMatch(
      /^Too many uploads: you can upload 2 files an hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await count('wl-alice')).toBe(2);

    // Another user has a limit of their own.
    const bob = await h.token('wl-bob');
    expect((await upload(bob, 'bob.txt')).statusCode).toBe(201);
  });

  it('answers 429 with a clear message past the hourly Read again limit', async () => {
    const carol = await h.token('wl-carol');
    const doc = await uploadAccepted(h, carol, 'carol.txt', Buffer.from('Carol Smith was born in 1850.'));
    await waitProcessed(h.app, carol, doc._id, 60_000);
    const first = await readAgain(carol, doc._id);
    expect(first.statusCode, first.body).toBe(202);
    await waitProcessed(h.app, carol, doc._id, 60_000);
    const second = await readAgain(carol, doc._id);
    expect(second.statusCode, second.body).toBe(429);
    expect(second.json().error).toMatch(
      /^Too many Read again requests: you can ask for 1 an hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const row = await h.deps.database.db
      .selectFrom('documents')
      .select(['reprocess_count', 'processing_status'])
      .where('id', '=', doc._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reprocess_count: 1, processing_status: 'completed' });

    const dave = await h.token('wl-dave');
    const daves = await uploadAccepted(h, dave, 'dave.txt', Buffer.from('Dave Jones died in 1899.'));
    await waitProcessed(h.app, dave, daves._id, 60_000);
    expect((await readAgain(dave, daves._id)).statusCode).toBe(202);
  });
});
