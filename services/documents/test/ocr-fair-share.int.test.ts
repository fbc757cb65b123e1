import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, scannedPdf } from './fixtures/generate';
import { ruledFormsPdf } from './fixtures/ruled-forms';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 29, point 5, on the real queue (BullMQ on Redis) and the real OCR pool: the OCR lane's
 * order comes from pages, not bytes, and users take turns, so one user's long backlog does not
 * keep another user's one-page scan waiting until it is done.
 */

const status = async (h: DocumentsHarness, id: string) =>
  (
    await h.deps.database.db
      .selectFrom('documents')
      .select('processing_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).processing_status;

const ENV = { EXTRACTION_PROVIDER: 'rules', HANDWRITING_PROVIDER: 'off', FACE_DETECTION: 'off' };

describe('OCR lane order: pages, not bytes (one document at a time)', () => {
  let h: DocumentsHarness;
  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments({ env: { ...ENV, DOCUMENTS_CONCURRENCY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('reads a one-page scan of many KB before a few-KB PDF of 40 pages uploaded first', async () => {
    const ann = await h.token('fs-ann');
    const ben = await h.token('fs-ben');
    const long = await ruledFormsPdf(40);
    const scan = await scannedPdf(['Marriage of Thomas Hale and Ann Byrne, Roanoke, 1871.']);
    expect(long.length).toBeLessThan(scan.length);
    const longDoc = await uploadAccepted(h, ann, 'forms.pdf', long);
    const scanDoc = await uploadAccepted(h, ben, 'marriage.pdf', scan);
    // The queue holds both before a worker starts: the order is the queue's, not the uploads'.
    await h.startWorker();
    const done = await waitProcessed(h.app, ben, scanDoc._id, 240_000);
    expect(done.processingStatus).toBe('completed');
    expect(await status(h, longDoc._id)).not.toBe('completed');
  }, 300_000);
});

describe('OCR lane fair share: users take turns', () => {
  let h: DocumentsHarness;
  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    // The worker's defaults: one OCR worker (the harness), documents at once from the config's default.
    h = await startDocuments({ env: ENV });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it("reads a second user's one-page scan while the first user's 200-page backlog is still being read", async () => {
    const amy = await h.token('fs-amy');
    const bob = await h.token('fs-bob');
    const backlog: DocumentRecord[] = [];
    backlog.push(await uploadAccepted(h, amy, 'forms-200.pdf', await ruledFormsPdf(200)));
    for (let i = 1; i <= 3; i++)
      backlog.push(await uploadAccepted(h, amy, `letter-${i}.png`, await scannedPagePng(`Letter ${i} of Amy's.`)));
    await h.startWorker();
    // Amy's backlog is under way before Bob uploads.
    await expect.poll(() => status(h, backlog[0]!._id), { timeout: 60_000, interval: 200 }).toBe('processing');
    const bobs = await uploadAccepted(h, bob, 'baptism.png', await scannedPagePng('Baptism of John Turner, 1850.'));
    const done = await waitProcessed(h.app, bob, bobs._id, 240_000);
    expect(done.processingStatus).toBe('completed');
    expect(done.extractedText).toMatch(/Baptism/);
    expect(await status(h, backlog[0]!._id)).not.toBe('completed');
  }, 360_000);
});
