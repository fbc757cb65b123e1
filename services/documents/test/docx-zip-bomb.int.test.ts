import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx } from './fixtures/generate';
import { lyingZipBombDocx } from './fixtures/zip-bomb';
import type { DocumentsHarness } from './helpers/service';
import { startWithWorker, uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

const MB = 1024 * 1024;

/**
 * Issue 29, point 1: a DOCX whose central directory claims 4 KB for a part that inflates to
 * 1 GB passes the check of declared sizes; the worker inflates it within DOCX_MAX_UNCOMPRESSED_MB
 * (256 MB) in its parser thread, fails it at once with a readable error and goes on working.
 */
describe('DOCX whose sizes lie (zip bomb)', () => {
  let h: DocumentsHarness;
  let token: string;

  beforeAll(async () => {
    ({ h, token } = await startWithWorker('user-lying-bomb'));
  });
  afterAll(async () => {
    await h?.close();
  });

  it('fails it with a readable error on the first try, without holding the gigabyte, and keeps working', async () => {
    const bomb = lyingZipBombDocx(1024);
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const doc = await waitProcessed(h.app, token, (await uploadAccepted(h, token, 'letters.docx', bomb))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toBe(
      'The DOCX file was refused: it expands to far more data than a document holds (a "zip bomb"); its parts expand to more than 256 MB.',
    );
    // The worker (in this process) stopped at the budget: its peak memory grew by far less than a gigabyte.
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(256 * MB);
    const failed = (
      await h.deps.database.db.selectFrom('outbox').select('payload').where('key', '=', doc._id).execute()
    )
      .map((r) => r.payload)
      .filter((p) => p.type === 'document.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data).toMatchObject({ documentId: doc._id, attempts: 1 });

    // The same user's next Word file is read as usual.
    const next = await waitProcessed(
      h.app,
      token,
      (await uploadAccepted(h, token, 'birth.docx', docx('John Smith was born 15 March 1850.')))._id,
    );
    expect(next.processingStatus).toBe('completed');
    expect(next.dateInfo[0]?.normalized).toBe('1850-03-15');
  });
});
