import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DocumentContextResponse,
  type DocumentRecord,
  DocumentRecord as DocumentRecordSchema,
} from '@gnology/contracts';
import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docx, scannedPagePng, scannedPdf, textPdf } from './fixtures/generate';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from './fixtures/texts';
import type { DocumentsHarness } from './helpers/service';
import { startWithWorker, uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every accepted kind of file, uploaded and processed end to end on real storage, queue and database. */
describe('document processing', () => {
  let h: DocumentsHarness;
  let token: string;
  const user = 'user-processing-1';

  beforeAll(async () => {
    ({ h, token } = await startWithWorker(user));
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = (name: string, content: Buffer) => uploadAccepted(h, token, name, content);

  it('answers the upload with the pending document record', async () => {
    const doc = await upload('Turner obituary.txt', Buffer.from(OBITUARY));
    expect(DocumentRecordSchema.parse(doc)).toBeTruthy();
    expect(doc).toMatchObject({
      originalName: 'Turner obituary.txt',
      filename: 'Turner obituary.txt',
      mimetype: 'text/plain',
      processingStatus: 'pending',
      size: Buffer.byteLength(OBITUARY),
    });
    expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
    expect(doc.uploadDate).toBe(doc.uploadedAt);
    const done = await waitProcessed(h.app, token, doc._id);
    expect(done.processingStatus).toBe('completed');
    expect(done.extractedText).toContain('Mary Ellen Turner');
    expect(done.documentType).toBe('obituary');
    expect(done.peopleIdentified).toContainEqual({ name: 'Mary Ellen Turner', role: 'primary_subject' });
    expect(done.peopleIdentified).toContainEqual({ name: 'Samuel Turner', role: 'spouse' });
    expect(done.dateInfo.map((d) => d.normalized)).toEqual(expect.arrayContaining(['1911-05-04', '1840']));
    expect(done.geographicalInfo.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Roanoke', 'Virginia', 'Botetourt County']),
    );
  });

  it('OCRs a 300-dpi scanned page (PNG) and makes a 150 px thumbnail', async () => {
    const doc = await upload('scan.png', await scannedPagePng(OBITUARY));
    const done = await waitProcessed(h.app, token, doc._id);
    expect(done.processingStatus).toBe('completed');
    expect(done.extractedText).toMatch(/Mary Ellen Turner/);
    expect(done.peopleIdentified.map((p) => p.name)).toContain('Samuel Turner');
    expect(done.hasThumbnail).toBe(true);
    const thumb = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/thumbnail?token=${done.viewToken}`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(150);
  });

  it('reads a multi-page PDF text layer, renders every page once and serves them', async () => {
    const doc = await upload('records.pdf', await textPdf([BIRTH, CENSUS, MARRIAGE]));
    const done = await waitProcessed(h.app, token, doc._id);
    expect(done.processingStatus).toBe('completed');
    expect(done.pageCount).toBe(3);
    expect(done.pageImages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(done.extractedText).toContain('James Robert Wilson');
    expect(done.extractedText).toContain('Henry Clay Brooks');
    const page2 = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/page/2?token=${done.viewToken}`,
    });
    expect(page2.statusCode).toBe(200);
    expect(page2.headers['content-type']).toBe('image/jpeg');
    expect(page2.headers['cache-control']).toContain('private');
    expect(page2.headers['x-content-type-options']).toBe('nosniff');
    const missing = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/page/4?token=${done.viewToken}`,
    });
    expect(missing.statusCode).toBe(404);
    const view = await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/view?token=${done.viewToken}` });
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe('inline');
    expect(view.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Research reads each page's text, so Gene can cite "records.pdf, p. 3" (decision 0100); only for its owner.
    const context = async (userId: string) =>
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/documents/context',
          payload: { userId, documentIds: [doc._id] },
          headers: { [INTERNAL_HEADER]: h.deps.config.INTERNAL_TOKEN },
        })
      ).json() as DocumentContextResponse;
    const [read] = (await context(user)).documents;
    expect(read!.pages!.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(read!.pages![0]!.text).toContain('James Robert Wilson');
    expect(read!.pages![2]!.text).toContain('Henry Clay Brooks');
    expect(read!.pages![0]!.text).not.toContain('Henry Clay Brooks');
    // And its source citation (decision 0186), for Gene to give with its answers.
    expect(read!.citation).toMatch(/"records\.pdf"/);
    expect((await context('someone-else')).documents).toEqual([]);
  });

  it('OCRs the pages of a scanned PDF that has no text layer', async () => {
    const doc = await upload('letters.pdf', await scannedPdf([LETTER, MARRIAGE]));
    const done = await waitProcessed(h.app, token, doc._id);
    expect(done.processingStatus).toBe('completed');
    expect(done.pageCount).toBe(2);
    expect(done.extractedText).toMatch(/Sharpsburg/);
    expect(done.extractedText).toMatch(/Henry Clay Brooks/);
  });

  it('reads DOCX and Word 97 (DOC) files', async () => {
    const a = await upload('letter.docx', docx(LETTER));
    const b = await upload('marriage.doc', readFileSync(path.join(here, 'fixtures/word97.doc')));
    const [da, db] = [await waitProcessed(h.app, token, a._id), await waitProcessed(h.app, token, b._id)];
    expect(da.processingStatus).toBe('completed');
    expect(da.extractedText).toContain('Charles Whitfield');
    expect(da.documentType).toBe('letter');
    expect(db.processingStatus).toBe('completed');
    expect(db.extractedText).toContain('Sarah Ann Miller');
    expect(db.documentType).toBe('marriage');
    expect(db.peopleIdentified).toContainEqual({ name: 'Sarah Ann Miller', role: 'spouse' });
    // Word files are never shown inline.
    const view = await h.app.inject({ method: 'GET', url: `/api/documents/${b._id}/view?token=${db.viewToken}` });
    expect(view.headers['content-disposition']).toMatch(/^attachment/);
    expect(view.headers['content-type']).toBe('application/octet-stream');
  });

  it('decodes UTF-16 and Windows-1252 text files', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Zoë Brontë, born 1820 in Thornton, England', 'utf16le'),
    ]);
    const cp1252 = Buffer.from([
      ...Buffer.from('Jos'),
      0xe9,
      ...Buffer.from(' Mart'),
      0xed,
      ...Buffer.from('nez, baptised circa 1820'),
    ]);
    const [a, b] = [await upload('utf16.txt', utf16), await upload('cp1252.txt', cp1252)];
    expect((await waitProcessed(h.app, token, a._id)).extractedText).toBe('Zoë Brontë, born 1820 in Thornton, England');
    expect((await waitProcessed(h.app, token, b._id)).extractedText).toBe('José Martínez, baptised circa 1820');
  });

  it('lists documents newest first, the completed ones for analysis, and the images', async () => {
    const list = (
      await h.app.inject({ method: 'GET', url: '/api/documents', headers: { authorization: `Bearer ${token}` } })
    ).json() as DocumentRecord[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    const times = list.map((d) => Date.parse(d.uploadedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list[0]!.extractedText).toBeUndefined();
    const available = (
      await h.app.inject({
        method: 'GET',
        url: '/api/documents/available/for-analysis',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(
      available.every(
        (d: { _id: string; originalName: string; documentType: string }) => d._id && d.originalName && d.documentType,
      ),
    ).toBe(true);
    const images = (
      await h.app.inject({ method: 'GET', url: '/api/documents/images', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(images.images.map((d: DocumentRecord) => d.originalName)).toEqual(['scan.png']);
    expect(images.images[0]).toHaveProperty('peopleIdentified');
    expect(images.images[0]).toHaveProperty('tags');
  });
});
