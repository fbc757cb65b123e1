import type { DocumentRecord } from '@gnology/contracts';
import { createLogger } from '@gnology/platform/logger';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANE_QUEUES } from '../src/library/domain/processing-lanes';
import { processingJobId } from '../src/library/jobs/enqueue';
import { documentPrefix } from '../src/library/domain/object-keys';
import { scannedPagePng, scannedPdf } from './fixtures/generate';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

interface LogLine {
  level: number;
  msg: string;
  documentId?: string;
}

/**
 * Issue 30, point 2: a document deleted while the worker reads it. The deletion cancels its job:
 * the worker stops within a few seconds (between pages, not after the whole file), ends the job
 * quietly as cancelled rather than failing on the foreign key of the deleted row, leaves no rows
 * or stored objects behind, and takes the next document at once. A document deleted while its job
 * still waits has its job removed from the queue.
 */
describe('deleting a document while it is being read, or while it waits', () => {
  let h: DocumentsHarness;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    // One OCR document at a time: the next document can only start once the deleted one's job has ended.
    h = await startDocuments({ env: { DOCUMENTS_CONCURRENCY: '1' } });
    h.deps.logger = createLogger({
      service: 'documents',
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (token: string, id: string) =>
    (
      await h.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { authorization: `Bearer ${token}` } })
    ).json() as DocumentRecord;

  const upload = async (token: string, name: string, file: Buffer) => {
    const form = multipart(name, file);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as DocumentRecord;
  };

  it('cancels its job: a waiting one leaves the queue; a running one ends within seconds, quietly, leaves nothing behind, and the next document is read', async () => {
    const userId = 'user-delete-reading';
    const token = await h.token(userId);
    const pages = [OBITUARY, BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY, BIRTH, CENSUS, LETTER, MARRIAGE];
    const long = await upload(token, 'ten-scans.pdf', await scannedPdf(pages));

    // Wait until the worker is recognising the scan's text.
    for (let i = 0; ; i++) {
      const doc = await get(token, long._id);
      if (doc.processingStep?.step === 'ocr') break;
      expect(doc.processingStatus).not.toBe('completed');
      expect(i).toBeLessThan(400);
      await new Promise((r) => setTimeout(r, 100));
    }

    // A scan waiting behind it, deleted before its turn: its job leaves the queue at once.
    const waiting = await upload(token, 'waiting.pdf', await scannedPdf([BIRTH, CENSUS]));
    const waitingJob = processingJobId({ id: waiting._id });
    expect((await h.deps.queue.getJob(LANE_QUEUES.ocr, waitingJob))?.status).toBe('waiting');
    const delWaiting = await h.app.inject({
      method: 'DELETE',
      url: `/api/documents/${waiting._id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(delWaiting.statusCode).toBeLessThan(300);
    expect(await h.deps.queue.getJob(LANE_QUEUES.ocr, waitingJob)).toBeNull();

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/documents/${long._id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.statusCode).toBeLessThan(300);
    const deletedAt = Date.now();

    // The job ends, as done and cancelled, within a few seconds (reading the other pages takes far longer).
    const jobId = processingJobId({ id: long._id });
    let state = await h.deps.queue.getJob(LANE_QUEUES.ocr, jobId);
    while (state?.status !== 'completed' && state?.status !== 'failed' && Date.now() - deletedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
      state = await h.deps.queue.getJob(LANE_QUEUES.ocr, jobId);
    }
    expect(state?.status).toBe('completed');
    expect(state?.attemptsMade).toBe(1);
    expect(state?.failedReason ?? null).toBeNull();
    expect(state?.result).toEqual({ cancelled: 'deleted' });

    // No failure logged for it: neither a failed try nor a failed document.
    const about = lines.filter((l) => l.documentId === long._id);
    expect(about.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
    expect(about.some((l) => /cancelled/.test(l.msg))).toBe(true);

    // Nothing of it is left: no rows, no stored page images.
    const db = h.deps.database.db;
    const left = async (table: 'documents' | 'document_pages' | 'processing_tasks' | 'document_faces') =>
      table === 'documents'
        ? (await db.selectFrom('documents').select('id').where('id', '=', long._id).execute()).length
        : (await db.selectFrom(table).select('document_id').where('document_id', '=', long._id).execute()).length;
    expect(await left('documents')).toBe(0);
    expect(await left('document_pages')).toBe(0);
    expect(await left('processing_tasks')).toBe(0);
    expect(await left('document_faces')).toBe(0);
    for (const table of ['people_mentions', 'people_pins'] as const)
      expect(
        (await db.selectFrom(table).select('document_id').where('document_id', '=', long._id).execute()).length,
      ).toBe(0);
    expect(await h.deps.storage.list(documentPrefix(userId, long._id))).toEqual([]);

    // The worker is free: the next scan is read at once, not after the deleted one's pages.
    const next = await upload(token, 'birth.png', await scannedPagePng(BIRTH));
    const done = await waitProcessed(h.app, token, next._id, 30_000);
    expect(done.processingStatus).toBe('completed');
    expect(done.extractedText).toMatch(/BIRTH/i);
  }, 120_000);
});
