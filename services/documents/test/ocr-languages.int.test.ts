import { randomBytes } from 'node:crypto';
import { type DocumentRecord, DocumentRecord as DocumentRecordSchema, LOW_OCR_CONFIDENCE } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processingJobId } from '../src/library/jobs/enqueue';
import { sweepUnfinishedDocuments } from '../src/library/jobs/sweep';
import { startReprocessing } from '../src/library/store/documents-store';
import type { PageWord } from '../src/library/domain/parsed-page';
import { LANE_QUEUES, laneOf } from '../src/library/domain/processing-lanes';
import { scannedPagePng, textPdf } from './fixtures/generate';
import { BIRTH, CENSUS } from './fixtures/texts';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

const GERMAN = [
  'Geburtsurkunde Nr. 412',
  'München, am vierten März achtzehnhundertneunundachtzig.',
  'Vor dem unterzeichneten Standesbeamten erschien heute der Schuhmachermeister Johann Georg Müller, wohnhaft in der Schwanthalerstraße, und zeigte an, daß von der Maria Müller geborenen Weiß, seiner Ehefrau, ein Knabe geboren worden sei, welcher die Vornamen Friedrich Wilhelm erhalten habe.',
].join('\n');

/** A multipart body with form fields around one file, in the order given (as FormData sends it). */
function form(parts: ({ field: string; value: string } | { file: string; content: Buffer })[]) {
  const boundary = `----gnology${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('field' in p)
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`),
      );
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${p.file}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Issue 14: OCR languages per account and per upload, page confidence, and "Read again". */
describe('OCR languages, page confidence and reprocessing', () => {
  let h: DocumentsHarness;
  let alice: string;
  let bob: string;
  let carol: string;
  let german: Buffer;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token('ocr-alice');
    bob = await h.token('ocr-bob');
    carol = await h.token('ocr-carol');
    german = await scannedPagePng(GERMAN, { heightInches: 4 });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const upload = async (token: string, parts: Parameters<typeof form>[0]) => {
    const body = form(parts);
    return h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: body.payload,
      headers: { ...body.headers, ...as(token) },
    });
  };
  const settings = (token: string, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
    h.app.inject({
      method,
      url: '/api/documents/settings/ocr',
      headers: as(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const reprocess = (token: string, id: string, payload?: unknown) =>
    h.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/reprocess`,
      headers: as(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe('the account setting', () => {
    it('is English until chosen, and is each account its own', async () => {
      const res = await settings(carol);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ languages: ['eng'] });

      const put = await settings(carol, 'PUT', { languages: ['deu', 'frk'] });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ languages: ['deu', 'frk'] });
      expect((await settings(carol)).json()).toEqual({ languages: ['deu', 'frk'] });
      // Saved again: replaced, not added to.
      await settings(carol, 'PUT', { languages: ['lat'] });
      expect((await settings(carol)).json()).toEqual({ languages: ['lat'] });
      expect((await settings(bob)).json()).toEqual({ languages: ['eng'] });
    });

    it('refuses a choice that is not one to three known, different languages, in words', async () => {
      const cases: [unknown, RegExp][] = [
        [{ languages: ['de'] }, /"de" is not a language GNology reads\. Choose from: eng \(English\), deu \(German\)/],
        [{ languages: [] }, /^Choose at least one language\.$/],
        [{ languages: ['eng', 'deu', 'fra', 'spa'] }, /^Choose at most 3 languages\.$/],
        [{ languages: ['eng', 'eng'] }, /^Each language may be chosen once\.$/],
        [{ languages: 'deu,eng' }, /list of language codes/],
        [{}, /list of language codes/],
      ];
      for (const [body, message] of cases) {
        const res = await settings(bob, 'PUT', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error, JSON.stringify(body)).toMatch(message);
      }
      expect((await settings(bob)).json()).toEqual({ languages: ['eng'] });
    });

    it('needs a signed-in user', async () => {
      expect((await h.app.inject({ method: 'GET', url: '/api/documents/settings/ocr' })).statusCode).toBe(401);
      expect(
        (await h.app.inject({ method: 'PUT', url: '/api/documents/settings/ocr', payload: { languages: ['deu'] } }))
          .statusCode,
      ).toBe(401);
    });
  });

  it("describes its routes in the service's OpenAPI document", async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/documents/settings/ocr'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    expect(doc.paths['/api/documents/settings/ocr']!.put!.requestBody).toBeTruthy();
    const reprocessPath = doc.paths['/api/documents/{id}/reprocess']!.post!;
    expect(Object.keys(reprocessPath.responses ?? {})).toEqual(expect.arrayContaining(['202', '404', '409']));
    expect(JSON.stringify(doc.paths['/api/documents/{id}/reprocess'])).toContain('lowConfidencePages');
    expect(JSON.stringify(doc.paths['/api/documents/upload'])).toContain('`languages` (optional, before the file)');
  });

  describe('uploads', () => {
    it('stores the languages the upload chose, and reads the page in them with its confidence', async () => {
      const res = await upload(alice, [
        { field: 'languages', value: 'deu,eng' },
        { file: 'geburt.png', content: german },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json() as DocumentRecord;
      expect(DocumentRecordSchema.parse(doc)).toBeTruthy();
      expect(doc.ocrLanguages).toEqual(['deu', 'eng']);
      const done = await waitProcessed(h.app, alice, doc._id);
      expect(done.processingStatus, done.processingError ?? '').toBe('completed');
      expect(done.ocrLanguages).toEqual(['deu', 'eng']);
      expect(done.extractedText).toMatch(/Geburtsurkunde/);
      expect(done.pages).toHaveLength(1);
      expect(done.pages[0]).toMatchObject({ pageNumber: 1, ocr: true });
      expect(done.pages[0]!.confidence).toEqual(expect.any(Number));
      expect(done.pages[0]!.confidence!).toBeGreaterThanOrEqual(LOW_OCR_CONFIDENCE);
      expect(done.lowConfidencePages).toEqual([]);
      // Stored with the page: its turn, skew and word boxes (the viewer's word layer reads these).
      const page = await h.deps.database.db
        .selectFrom('document_pages')
        .selectAll()
        .where('document_id', '=', doc._id)
        .executeTakeFirstOrThrow();
      expect(page.rotation).toBe(0);
      expect(typeof page.skew).toBe('number');
      expect(page.words.length).toBeGreaterThan(10);
      expect(page.words.find((w: PageWord) => w.text.includes('Geburtsurkunde'))).toMatchObject({
        confidence: expect.any(Number),
        x: expect.any(Number),
        w: expect.any(Number),
      });
    });

    it("uses the account's languages when the upload names none, and a field after the file too", async () => {
      await settings(carol, 'PUT', { languages: ['deu'] });
      const plain = await upload(carol, [{ file: 'birth.pdf', content: await textPdf([BIRTH]) }]);
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json().ocrLanguages).toEqual(['deu']);
      const empty = await upload(carol, [
        { field: 'languages', value: '' },
        { file: 'birth.pdf', content: await textPdf([BIRTH]) },
      ]);
      expect(empty.json().ocrLanguages).toEqual(['deu']);
      const after = await upload(carol, [
        { file: 'birth.pdf', content: await textPdf([BIRTH]) },
        { field: 'languages', value: 'fra, LAT' },
      ]);
      expect(after.statusCode, after.body).toBe(201);
      expect(after.json().ocrLanguages).toEqual(['fra', 'lat']);
      // A text layer is not OCR'd: no confidence, nothing flagged.
      const done = await waitProcessed(h.app, carol, plain.json()._id);
      expect(done.pages).toEqual([{ pageNumber: 1, ocr: false, confidence: null }]);
      expect(done.lowConfidencePages).toEqual([]);
    });

    it('refuses unknown or too many languages before storing anything', async () => {
      const before = (
        await h.app.inject({ method: 'GET', url: '/api/documents', headers: as(bob) })
      ).json() as DocumentRecord[];
      for (const [value, message] of [
        ['de', /"de" is not a language GNology reads/],
        ['eng,deu,fra,spa', /at most 3/],
        ['eng,eng', /once/],
      ] as const) {
        const res = await upload(bob, [
          { field: 'languages', value },
          { file: 'scan.png', content: german },
        ]);
        expect(res.statusCode, value).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const late = await upload(bob, [
        { file: 'scan.png', content: german },
        { field: 'languages', value: 'xx' },
      ]);
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toMatch(/"xx" is not a language/);
      const after = (
        await h.app.inject({ method: 'GET', url: '/api/documents', headers: as(bob) })
      ).json() as DocumentRecord[];
      expect(after).toHaveLength(before.length);
    });
  });

  describe('page confidence', () => {
    it('lists the pages read below the threshold, in the detail and the list', async () => {
      const res = await upload(alice, [{ file: 'census.pdf', content: await textPdf([BIRTH, CENSUS]) }]);
      const done = await waitProcessed(h.app, alice, res.json()._id);
      expect(done.pageCount).toBe(2);
      const db = h.deps.database.db;
      await db
        .updateTable('document_pages')
        .set({ ocr: true, confidence: 41.3 })
        .where('document_id', '=', done._id)
        .where('page_number', '=', 2)
        .execute();
      await db
        .updateTable('document_pages')
        .set({ ocr: true, confidence: LOW_OCR_CONFIDENCE })
        .where('document_id', '=', done._id)
        .where('page_number', '=', 1)
        .execute();
      const detail = (
        await h.app.inject({ method: 'GET', url: `/api/documents/${done._id}`, headers: as(alice) })
      ).json() as DocumentRecord;
      expect(detail.pages).toEqual([
        { pageNumber: 1, ocr: true, confidence: LOW_OCR_CONFIDENCE },
        { pageNumber: 2, ocr: true, confidence: 41.3 },
      ]);
      expect(detail.lowConfidencePages).toEqual([2]);
      const list = (
        await h.app.inject({ method: 'GET', url: '/api/documents', headers: as(alice) })
      ).json() as DocumentRecord[];
      expect(list.find((d) => d._id === done._id)?.lowConfidencePages).toEqual([2]);
    });
  });

  describe('reading again', () => {
    let doc: DocumentRecord;
    beforeAll(async () => {
      const res = await upload(alice, [
        { field: 'languages', value: 'eng' },
        { file: 'geburt.png', content: german },
      ]);
      doc = await waitProcessed(h.app, alice, res.json()._id);
      expect(doc.processingStatus).toBe('completed');
    }, 120_000);

    it("answers 404 for another user's document or an id that cannot be one", async () => {
      expect((await reprocess(bob, doc._id, { languages: ['deu'] })).statusCode).toBe(404);
      expect((await reprocess(bob, doc._id)).statusCode).toBe(404);
      expect((await reprocess(alice, 'not-an-id')).statusCode).toBe(404);
      expect((await reprocess(alice, '0123456789abcdef01234567')).statusCode).toBe(404);
      const still = (
        await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}`, headers: as(alice) })
      ).json() as DocumentRecord;
      expect(still).toMatchObject({ processingStatus: 'completed', ocrLanguages: ['eng'] });
    });

    it('refuses bad languages in words', async () => {
      const res = await reprocess(alice, doc._id, { languages: ['deu', 'xx'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/"xx" is not a language GNology reads/);
    });

    it('refuses with 409 while the document is still being processed', async () => {
      const fresh = await upload(alice, [{ file: 'geburt2.png', content: german }]);
      const id = fresh.json()._id as string;
      // Right after the upload it is pending (or processing): both are refused.
      const res = await reprocess(alice, id, { languages: ['deu'] });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(
        'This document is still being read. Wait until it has finished, then read it again.',
      );
      await waitProcessed(h.app, alice, id);
      const db = h.deps.database.db;
      await db.updateTable('documents').set({ processing_status: 'processing' }).where('id', '=', id).execute();
      expect((await reprocess(alice, id)).statusCode).toBe(409);
      await db.updateTable('documents').set({ processing_status: 'completed' }).where('id', '=', id).execute();
    }, 120_000);

    it('reads a completed document again in new languages, replacing its pages', async () => {
      const db = h.deps.database.db;
      // What the first run left, made recognisable: its page's text and confidence, and a stray page 2.
      await db
        .updateTable('document_pages')
        .set({ text: 'stale reading', confidence: 12, words: JSON.stringify([]) })
        .where('document_id', '=', doc._id)
        .execute();
      await db
        .insertInto('document_pages')
        .values({
          document_id: doc._id,
          page_number: 2,
          text: 'stray',
          ocr: true,
          image_key: null,
          width: null,
          height: null,
          confidence: 5,
          words: '[]',
        })
        .execute();
      const stale = (
        await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}`, headers: as(alice) })
      ).json() as DocumentRecord;
      expect(stale.lowConfidencePages).toEqual([1, 2]);

      const res = await reprocess(alice, doc._id, { languages: ['deu', 'eng'] });
      expect(res.statusCode, res.body).toBe(202);
      const pending = res.json() as DocumentRecord;
      expect(DocumentRecordSchema.parse(pending)).toBeTruthy();
      // The worker may already have taken it by the time the answer is written.
      expect(['pending', 'processing']).toContain(pending.processingStatus);
      expect(pending).toMatchObject({ processingError: null, ocrLanguages: ['deu', 'eng'] });
      // A second click while it runs is refused.
      expect((await reprocess(alice, doc._id)).statusCode).toBe(409);

      const done = await waitProcessed(h.app, alice, doc._id);
      expect(done.processingStatus, done.processingError ?? '').toBe('completed');
      expect(done.ocrLanguages).toEqual(['deu', 'eng']);
      expect(done.pages).toHaveLength(1);
      expect(done.pages[0]!.confidence).toBeGreaterThanOrEqual(LOW_OCR_CONFIDENCE);
      expect(done.lowConfidencePages).toEqual([]);
      expect(done.extractedText).toMatch(/Geburtsurkunde/);
      const pages = await db
        .selectFrom('document_pages')
        .select(['page_number', 'text', 'words'])
        .where('document_id', '=', doc._id)
        .execute();
      expect(pages.map((p) => p.page_number)).toEqual([1]);
      expect(pages[0]!.text).toMatch(/Geburtsurkunde/);
      expect(pages[0]!.words.length).toBeGreaterThan(10);
      // Its own job: the upload's job keeps its id, the run is doc-<id>-r1.
      const row = await db
        .selectFrom('documents')
        .select('reprocess_count')
        .where('id', '=', doc._id)
        .executeTakeFirstOrThrow();
      expect(row.reprocess_count).toBe(1);
      const job = await h.deps.queue.getJob(
        LANE_QUEUES[laneOf('png')],
        processingJobId({ id: doc._id, reprocessCount: 1 }),
      );
      expect(job?.status).toBe('completed');
      const task = await db
        .selectFrom('processing_tasks')
        .selectAll()
        .where('document_id', '=', doc._id)
        .executeTakeFirstOrThrow();
      expect(task).toMatchObject({ status: 'completed', attempts: 1, error: null });
      // The new run announces its reading: a second document.processed for the document (events.md).
      const events = await db.selectFrom('outbox').select('payload').where('key', '=', doc._id).orderBy('id').execute();
      const types = events.map((e) => (e.payload as { type: string }).type);
      expect(types.filter((t) => t === 'document.processed')).toHaveLength(2);
    }, 120_000);

    it('a Read again whose enqueue was lost is re-queued by the sweep under its own job id', async () => {
      const db = h.deps.database.db;
      // The run is recorded but never enqueued (the enqueue after the commit was lost); the
      // upload's finished job `doc-<id>` is still in the queue and must not be taken for it.
      const started = await startReprocessing(db, doc._id, 'ocr-alice', ['deu']);
      expect(started).toMatchObject({ status: 'started', reprocessCount: 2 });
      expect(await h.deps.queue.getJob(LANE_QUEUES[laneOf('png')], processingJobId({ id: doc._id }))).toMatchObject({
        status: 'completed',
      });
      // Quiet for the sweep: its task untouched and the document itself older than QUIET_FOR.
      await db
        .updateTable('processing_tasks')
        .set({ updated_at: sql<Date>`now() - interval '10 minutes'` })
        .where('document_id', '=', doc._id)
        .execute();
      await db
        .updateTable('documents')
        .set({ uploaded_at: sql<Date>`uploaded_at - interval '10 minutes'` })
        .where('id', '=', doc._id)
        .execute();
      const swept = await sweepUnfinishedDocuments(h.deps);
      expect(swept).toEqual({ requeued: 1, failed: 0 });
      const done = await waitProcessed(h.app, alice, doc._id);
      expect(done).toMatchObject({ processingStatus: 'completed', ocrLanguages: ['deu'] });
      expect(
        await h.deps.queue.getJob(LANE_QUEUES[laneOf('png')], processingJobId({ id: doc._id, reprocessCount: 2 })),
      ).toMatchObject({ status: 'completed' });
      // Reset to the languages the next test expects.
      await db
        .updateTable('documents')
        .set({ ocr_languages: JSON.stringify(['deu', 'eng']) })
        .where('id', '=', doc._id)
        .execute();
    }, 120_000);

    it('reads again in the same languages when none are given, and a failed document too', async () => {
      const db = h.deps.database.db;
      await db.updateTable('documents').set({ processing_status: 'failed' }).where('id', '=', doc._id).execute();
      await db
        .updateTable('processing_tasks')
        .set({ status: 'failed', error: 'Processing failed' })
        .where('document_id', '=', doc._id)
        .execute();
      const res = await reprocess(alice, doc._id);
      expect(res.statusCode, res.body).toBe(202);
      expect(['pending', 'processing']).toContain(res.json().processingStatus);
      expect(res.json()).toMatchObject({ processingError: null, ocrLanguages: ['deu', 'eng'] });
      const done = await waitProcessed(h.app, alice, doc._id);
      expect(done).toMatchObject({ processingStatus: 'completed', ocrLanguages: ['deu', 'eng'] });
      const row = await db
        .selectFrom('documents')
        .select(sql<number>`reprocess_count`.as('n'))
        .where('id', '=', doc._id)
        .executeTakeFirstOrThrow();
      expect(row.n).toBe(3);
    }, 120_000);
  });
});
