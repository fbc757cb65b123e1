import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from './fixtures/generate';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const LOCK_MS = 2000;

/** A worker killed (SIGKILL) in the middle of OCR: the job runs again elsewhere and completes once. */
describe('a worker killed mid-OCR', () => {
  let h: DocumentsHarness;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments({ tuning: { lockDurationMs: LOCK_MS, stalledIntervalMs: LOCK_MS } });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await h?.close();
  });

  it('is retried by another worker, with no duplicate pages or events', async () => {
    const c = h.deps.config;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'helpers/worker-process.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: c.DATABASE_URL,
        DATA_DIR: c.DATA_DIR,
        S3_BUCKET: c.S3_BUCKET,
        INTERNAL_TOKEN: c.INTERNAL_TOKEN,
        NODE_ENV: 'test',
        OCR_WORKERS: '1',
        TEST_QUEUE_PREFIX: h.queuePrefix,
        TEST_LOCK_MS: String(LOCK_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve());
      child!.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });

    const token = await h.token('user-crash');
    const form = multipart('five-scans.pdf', await scannedPdf([OBITUARY, BIRTH, CENSUS, LETTER, MARRIAGE]));
    const uploaded = (
      await h.app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      })
    ).json() as DocumentRecord;

    // Wait until the child is recognising text, then kill it without warning.
    for (;;) {
      const doc = (
        await h.app.inject({
          method: 'GET',
          url: `/api/documents/${uploaded._id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as DocumentRecord;
      if (process.env.DEBUG_CRASH) console.log(doc.processingStatus, JSON.stringify(doc.processingStep));
      if (doc.processingStep?.step === 'ocr') break;
      expect(doc.processingStatus).not.toBe('completed');
      await new Promise((r) => setTimeout(r, 250));
    }
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;

    await h.startWorker();
    const done = await waitProcessed(h.app, token, uploaded._id, 120_000);
    expect(done.processingStatus).toBe('completed');
    expect(done.pageCount).toBe(5);
    expect(done.extractedText).toMatch(/Mary Ellen Turner/);
    expect(done.extractedText).toMatch(/Henry Clay Brooks/);

    const db = h.deps.database.db;
    const pages = await db
      .selectFrom('document_pages')
      .select('page_number')
      .where('document_id', '=', uploaded._id)
      .orderBy('page_number')
      .execute();
    expect(pages.map((p) => p.page_number)).toEqual([1, 2, 3, 4, 5]);
    const task = await db
      .selectFrom('processing_tasks')
      .selectAll()
      .where('document_id', '=', uploaded._id)
      .executeTakeFirstOrThrow();
    expect(task.attempts).toBeGreaterThanOrEqual(2);
    const events = (await db.selectFrom('outbox').select('payload').where('key', '=', uploaded._id).execute()).map(
      (r) => r.payload.type,
    );
    expect(events.filter((t) => t === 'document.processed')).toHaveLength(1);
    expect(events.filter((t) => t === 'document.failed')).toHaveLength(0);
  }, 240_000);
});
