import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugePng, truncatedPdf, zipBombDocx } from './fixtures/generate';
import type { DocumentsHarness } from './helpers/service';
import { startWithWorker, uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Files that pass the type check but are hostile or broken fail with an error a user can read,
 * on the first try (retrying cannot fix them), and the worker goes on processing other documents.
 */
describe('hostile and broken files', () => {
  let h: DocumentsHarness;
  let token: string;

  beforeAll(async () => {
    ({ h, token } = await startWithWorker('user-hostile'));
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = (name: string, content: Buffer) => uploadAccepted(h, token, name, content);

  const failedEvents = async (id: string) =>
    (await h.deps.database.db.selectFrom('outbox').select('payload').where('key', '=', id).execute())
      .map((r) => r.payload)
      .filter((p) => p.type === 'document.failed');

  it('fails a truncated PDF clearly', async () => {
    const doc = await waitProcessed(h.app, token, (await upload('cut.pdf', await truncatedPdf()))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toMatch(/The PDF could not be read: it is damaged or incomplete/);
    const events = await failedEvents(doc._id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ documentId: doc._id, attempts: 1 });
  });

  it('refuses a zip-bombed DOCX without inflating it', async () => {
    const before = process.memoryUsage().rss;
    const doc = await waitProcessed(h.app, token, (await upload('bomb.docx', await zipBombDocx(300)))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toMatch(/zip bomb/);
    // 300 MB of XML were never materialised in this process.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a 30000 × 30000 PNG by its header', async () => {
    const doc = await waitProcessed(h.app, token, (await upload('huge.png', await hugePng(30000)))._id);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.processingError).toMatch(/too large to process \(30000 × 30000 pixels/);
    expect(doc.hasThumbnail).toBe(false);
  });

  it('keeps processing other documents afterwards', async () => {
    const doc = await waitProcessed(
      h.app,
      token,
      (await upload('ok.txt', Buffer.from('John Smith was born 15 March 1850.')))._id,
    );
    expect(doc.processingStatus).toBe('completed');
    expect(doc.dateInfo[0]?.normalized).toBe('1850-03-15');
  });
});
