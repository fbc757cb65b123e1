import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireInfra } from '@gnology/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANE_QUEUES } from '../src/library/domain/processing-lanes';
import { NO_WORKSPACE_MESSAGE } from '../src/library/jobs/process-document';
import { JOB_LOST_MESSAGE, sweepUnfinishedDocuments } from '../src/library/jobs/sweep';
import { startProcessing } from '../src/library/store/documents-store';
import { insertUploadedDocument } from '../src/library/use-cases/record-upload';
import { scannedPagePng } from './fixtures/generate';
import { CENSUS, OBITUARY } from './fixtures/texts';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Reliability of processing: text never waits behind OCR, a worker that cannot make its
 * temporary folder fails the document (not "processing" forever), and the maintenance sweep
 * settles every document whose job is gone.
 */
describe('processing lanes and the stuck-document sweep', () => {
  let h: DocumentsHarness;
  let token: string;
  const user = 'user-lanes-1';

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments({ env: { OCR_WORKERS: '1', DOCUMENTS_CONCURRENCY: '1' } });
    token = await h.token(user);
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = (name: string, content: Buffer) => uploadAccepted(h, token, name, content);
  const statusOf = async (id: string) =>
    (
      await h.deps.database.db
        .selectFrom('documents')
        .select('processing_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).processing_status;

  it('puts text in the fast lane and scans in the OCR lane, and text finishes while the scans queue', async () => {
    // Small scans (a few seconds of OCR each on one worker, its start-up included).
    const page = await scannedPagePng(CENSUS.split('\n').slice(0, 6).join('\n'), { widthInches: 5, heightInches: 3 });
    const scans = [];
    for (let i = 0; i < 2; i++) scans.push(await upload(`scan-${i}.png`, page));
    const text = await upload('obituary.txt', Buffer.from(OBITUARY));
    expect(await h.deps.queue.getJob(LANE_QUEUES.fast, `doc-${text._id}`)).toMatchObject({ status: 'waiting' });
    expect(await h.deps.queue.getJob(LANE_QUEUES.ocr, `doc-${scans[0]!._id}`)).toMatchObject({ status: 'waiting' });
    expect(await h.deps.queue.getJob(LANE_QUEUES.ocr, `doc-${text._id}`)).toBeNull();

    const worker = await h.startWorker();
    try {
      const done = await waitProcessed(h.app, token, text._id);
      expect(done.processingStatus).toBe('completed');
      // One OCR worker, two scans of seconds each: the text did not wait for them.
      const scanStates = await Promise.all(scans.map((s) => statusOf(s._id)));
      expect(scanStates.filter((s) => s !== 'completed').length).toBeGreaterThanOrEqual(1);
      for (const s of scans) expect((await waitProcessed(h.app, token, s._id)).processingStatus).toBe('completed');
    } finally {
      await worker.close();
    }
  });

  it('fails the document with a readable message when the worker cannot create its temporary folder', async () => {
    const saved = process.env.TMPDIR;
    // A file where the temporary folder should be: mkdtemp throws, as on a read-only /tmp.
    const notADir = path.join(tmpdir(), `gn-not-a-dir-${process.pid}`);
    writeFileSync(notADir, 'x');
    process.env.TMPDIR = notADir;
    const worker = await h.startWorker();
    try {
      const doc = await upload('letter.txt', Buffer.from(OBITUARY));
      // Three tries with backoff (5 s, 10 s), then the last one records the failure.
      const done = await waitProcessed(h.app, token, doc._id, 45_000);
      expect(done.processingStatus).toBe('failed');
      expect(done.processingError).toBe(NO_WORKSPACE_MESSAGE);
      expect(await h.deps.queue.getJob(LANE_QUEUES.fast, `doc-${doc._id}`)).toMatchObject({ status: 'completed' });
      failedEarlier = doc._id;
    } finally {
      process.env.TMPDIR = saved;
      if (saved === undefined) delete process.env.TMPDIR;
      await worker.close();
    }
  }, 60_000);
  let failedEarlier = '';

  it('the sweep re-queues a lost upload, fails documents whose job is gone or failed, and leaves queued ones alone', async () => {
    const db = h.deps.database.db;
    const row = (id: string) => ({
      id,
      owner_id: user,
      original_name: `${id}.txt`,
      filename: `${id}.txt`,
      mimetype: 'text/plain',
      kind: 'txt',
      size: 10,
      storage_key: `missing/${id}`,
      uploaded_at: new Date(),
      page_count: null,
      processed_at: null,
      thumbnail_key: null,
      extraction_method: null,
    });
    // An upload whose enqueue was lost (the queue was down after the commit): pending, no job.
    const lostEnqueue = 'a'.repeat(24);
    await insertUploadedDocument(db, row(lostEnqueue));
    // A document whose worker started it and then vanished with its job: processing, no job.
    const lostJob = 'b'.repeat(24);
    await insertUploadedDocument(db, row(lostJob));
    await startProcessing(db, lostJob);
    // A document still waiting its turn in the queue (no worker runs now).
    const waiting = (await upload('waiting.txt', Buffer.from(OBITUARY)))._id;
    // The document of the test above, back to "processing" as the old code left it; its job failed.
    await db
      .updateTable('documents')
      .set({ processing_status: 'processing' })
      .where('id', '=', failedEarlier)
      .execute();
    // All of them quiet for ten minutes.
    const ids = [lostEnqueue, lostJob, waiting, failedEarlier];
    await db
      .updateTable('documents')
      .set({ uploaded_at: sql`now() - interval '10 minutes'` })
      .where('id', 'in', ids)
      .execute();
    await db
      .updateTable('processing_tasks')
      .set({ updated_at: sql`now() - interval '10 minutes'` })
      .where('document_id', 'in', ids)
      .execute();

    const result = await sweepUnfinishedDocuments(h.deps);
    expect(result).toEqual({ requeued: 1, failed: 2 });
    expect(await h.deps.queue.getJob(LANE_QUEUES.fast, `doc-${lostEnqueue}`)).toMatchObject({ status: 'waiting' });
    expect(await statusOf(lostEnqueue)).toBe('pending');
    expect(await statusOf(waiting)).toBe('pending');

    const failed = await db
      .selectFrom('processing_tasks')
      .select(['document_id', 'error'])
      .where('document_id', 'in', [lostJob, failedEarlier])
      .orderBy('document_id')
      .execute();
    expect(await statusOf(lostJob)).toBe('failed');
    expect(await statusOf(failedEarlier)).toBe('failed');
    expect(Object.fromEntries(failed.map((f) => [f.document_id, f.error]))).toEqual({
      [lostJob]: JOB_LOST_MESSAGE,
      [failedEarlier]: NO_WORKSPACE_MESSAGE,
    });
    // The failure was announced, once, through the outbox.
    const events = await db
      .selectFrom('outbox')
      .select('key')
      .where(sql<boolean>`payload->>'type' = 'document.failed'`)
      .where('key', '=', lostJob)
      .execute();
    expect(events).toHaveLength(1);

    // A second pass finds nothing more to do.
    expect(await sweepUnfinishedDocuments(h.deps)).toEqual({ requeued: 0, failed: 0 });
  });
});
