import {
  type DocumentContextResponse,
  type DocumentRecord,
  DocumentRecord as DocumentRecordSchema,
  JOURNAL_FILE_NAME,
} from '@gnology/contracts';
import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import { requireInfra } from '@gnology/testing';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillJournal } from './fixtures/journal';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { multipart } from './helpers/multipart';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/** The journal's download routes, and a filled journal uploaded and read back end to end. */
describe('the GNology Journal', { timeout: 120_000 }, () => {
  let h: DocumentsHarness;
  let token: string;
  const user = 'user-journal-1';

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    token = await h.token(user);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const download = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

  it('serves the public journal and the signed-in download with the same bytes, cached and named', async () => {
    const pub = await download('/api/resources/gnology-journal.pdf');
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.headers['cache-control']).toContain('public');
    expect(pub.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await download('/api/journal/pdf/download')).statusCode).toBe(401);
    expect((await download('/api/journal/pdf/download', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    const mine = await download('/api/journal/pdf/download', { authorization: `Bearer ${token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${JOURNAL_FILE_NAME}"`);
    expect(mine.headers['cache-control']).toContain('private');
    expect(mine.rawPayload.equals(pub.rawPayload)).toBe(true);
    const again = await download('/api/journal/pdf/download', { authorization: `Bearer ${token}` });
    expect(again.rawPayload.equals(mine.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(mine.headers.etag);

    const notModified = await download('/api/resources/gnology-journal.pdf', {
      'if-none-match': String(pub.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const a4 = await download('/api/resources/gnology-journal.pdf?paper=a4');
    expect(a4.statusCode).toBe(200);
    expect(a4.headers.etag).not.toBe(pub.headers.etag);
    const page = (await PDFDocument.load(a4.rawPayload)).getPage(0);
    expect(Math.round(page.getWidth())).toBe(595);
    expect((await download('/api/resources/gnology-journal.pdf?paper=legal')).statusCode).toBe(400);
  });

  it('reads a filled journal uploaded to Documents into ancestors, extracted data and Gene’s context', async () => {
    const blank = await download('/api/resources/gnology-journal.pdf');
    const filled = Buffer.from(await fillJournal(new Uint8Array(blank.rawPayload)));
    const uploaded = await uploadAccepted(h, token, 'My GNology Journal.pdf', filled);
    const done: DocumentRecord = await waitProcessed(h.app, token, uploaded._id);
    expect(done.processingStatus, done.processingError ?? '').toBe('completed');
    expect(DocumentRecordSchema.parse(done)).toBeTruthy();
    expect(done.documentType).toBe('journal');
    expect(done.pageCount).toBe(11);

    const subjects = done.peopleIdentified.filter((p) => p.role === 'primary_subject').map((p) => p.name);
    expect(subjects).toEqual([
      'Łukasz Nowak',
      'Nguyễn Thị Lan',
      'Søren Kierkegaard Jensen',
      'Zoë Müller',
      'François Lefèvre',
    ]);
    expect(done.peopleIdentified).toEqual(
      expect.arrayContaining([
        { name: 'Zofia Kowalska', role: 'spouse' },
        { name: 'Jan Nowak', role: 'parent' },
        { name: 'Józef Nowak', role: 'child' },
      ]),
    );
    expect(done.dateInfo.map((d) => d.normalized)).toEqual(
      expect.arrayContaining(['1850-03-12', '1920-02-02', '1813-05-05', '1860-04-01']),
    );
    expect(done.geographicalInfo.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Kraków', 'Poland', 'Copenhagen', 'Denmark', 'Chicago']),
    );
    expect(done.extractedText).toContain('Łukasz Nowak was born on 12 Mar 1850 in Kraków, Poland.');

    expect(done.journal?.ancestors).toHaveLength(5);
    expect(done.journal?.ancestors[1]).toMatchObject({
      number: 2,
      name: 'Nguyễn Thị Lan',
      birth: { date: 'abt 1885', place: 'Huế, Vietnam' },
    });
    expect(done.journal?.sourcesSearched.map((s) => s.key)).toEqual(['census', 'church', 'immigration']);
    expect(done.journal?.log).toHaveLength(2);

    // The list shows the journal too (the document card reads it there).
    const list = (
      await h.app.inject({ method: 'GET', url: '/api/documents', headers: { authorization: `Bearer ${token}` } })
    ).json() as DocumentRecord[];
    expect(list.find((d) => d._id === done._id)?.journal?.ancestors).toHaveLength(5);

    const ctx = await h.app.inject({
      method: 'POST',
      url: '/internal/documents/context',
      payload: { userId: user, documentIds: [done._id] },
      headers: { [INTERNAL_HEADER]: h.deps.config.INTERNAL_TOKEN },
    });
    const context = ctx.json() as DocumentContextResponse;
    expect(context.documents).toHaveLength(1);
    expect(context.documents[0]!.journal?.ancestors.map((a) => a.name)).toEqual(subjects);
    expect(context.documents[0]!.extractedText).toContain(
      'Søren Kierkegaard Jensen was born on 5 May 1813 in Copenhagen, Denmark.',
    );

    // Another user does not see it.
    const other = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${done._id}`,
      headers: { authorization: `Bearer ${await h.token('someone-else')}` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('reads a PDF with an unrelated form as an ordinary document', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText(
      'Marriage certificate. John Smith and Mary Jones were married on 4 June 1901 in Boston, Massachusetts.',
      { x: 40, y: 700, size: 10 },
    );
    doc.getForm().createTextField('name').addToPage(page, { x: 40, y: 600 });
    const body = multipart('certificate.pdf', Buffer.from(await doc.save()));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    const done = await waitProcessed(h.app, token, res.json()._id);
    expect(done.processingStatus).toBe('completed');
    expect(done.documentType).toBe('marriage');
    expect(done.journal).toBeUndefined();
    expect(done.extractedText).toContain('John Smith');
  });
});
