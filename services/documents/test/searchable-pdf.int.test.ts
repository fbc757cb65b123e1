import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePng, scannedPdf, textPdf } from './fixtures/generate';
import { pdfInfo, pdfText } from './helpers/poppler';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';
import { searchablePdfMaker, turns } from '../src/library/use-cases/make-searchable-pdf';

const TEXT = 'Margaret Sullivan was baptised at Kilkenny\nHer father Patrick Sullivan was a cooper';
const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9\s]/g, '');
const wordsOf = (s: string) => clean(s).split(/\s+/).filter(Boolean);

/** GET /api/documents/:id/searchable-pdf (issue 31, point 6): a scan's page images with its OCR'd words as a text layer. */
describe('searchable PDF of a scanned document', () => {
  let h: DocumentsHarness;
  let alice: string;
  let bob: string;
  let scan: DocumentRecord;
  let pages: DocumentRecord;
  let typed: DocumentRecord;

  const upload = async (token: string, name: string, content: Buffer) =>
    waitProcessed(h.app, token, (await uploadAccepted(h, token, name, content))._id);
  const download = (id: string, bearer?: string) =>
    h.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/searchable-pdf`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token('alice-searchable');
    bob = await h.token('bob-searchable');
    scan = await upload(alice, 'Taufbuch Müller.png', await scannedPagePng(TEXT));
    pages = await upload(
      alice,
      'parish.pdf',
      await scannedPdf(['The first page names John Kelly', 'The second page names Mary Walsh']),
    );
    typed = await upload(alice, 'typed.pdf', await textPdf(['A typed page with a text layer.']));
    for (const d of [scan, pages, typed]) expect(d.processingStatus).toBe('completed');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  it("answers the owner a PDF of the scan whose text pdftotext reads as the page's words, in order", async () => {
    const res = await download(scan._id, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toContain('no-store');
    // The original name without its extension; non-ASCII letters only in the RFC 5987 form.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Taufbuch M_ller (searchable).pdf"; filename*=UTF-8''Taufbuch%20M%C3%BCller%20%28searchable%29.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.width / info.height).toBeCloseTo(8.27 / 11.69, 2);
    const text = await pdfText(pdf);
    expect(wordsOf(text)).toEqual(wordsOf(TEXT));
    // One line of the scan is one line of text.
    expect(
      text
        .split('\n')
        .map((l) => clean(l).trim())
        .filter(Boolean),
    ).toEqual(TEXT.split('\n').map(clean));
  });

  it('has one page per page of a scanned PDF, each with its own words', async () => {
    const res = await download(pages._id, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="parish (searchable).pdf"');
    expect((await pdfInfo(res.rawPayload)).pages).toBe(2);
    expect(wordsOf(await pdfText(res.rawPayload, { page: 1 }))).toEqual(wordsOf('The first page names John Kelly'));
    expect(wordsOf(await pdfText(res.rawPayload, { page: 2 }))).toEqual(wordsOf('The second page names Mary Walsh'));
  });

  it('answers 409 with a message for a document with no OCR words (a PDF with a text layer)', async () => {
    const res = await download(typed._id, alice);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toMatch(/no words read from a scan/i);
  });

  it("answers 404 for another user's document and for an id that cannot be one, 401 without a session", async () => {
    const other = await download(scan._id, bob);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Margaret');
    expect((await download('not-an-id', alice)).statusCode).toBe(404);
    expect((await download('0123456789abcdef01234567', alice)).statusCode).toBe(404);
    expect((await download(scan._id)).statusCode).toBe(401);
    // The document's scoped view token (for <img> URLs) does not open it: the session only.
    const viaViewToken = await h.app.inject({
      method: 'GET',
      url: `/api/documents/${scan._id}/searchable-pdf?token=${encodeURIComponent(scan.viewToken)}`,
    });
    expect(viaViewToken.statusCode).toBe(401);
  });

  it('refuses (409) a document whose page images are over the size guard, and runs builds in turns', async () => {
    const small = searchablePdfMaker(h.deps, { concurrent: 1, maxImageBytes: 10_000 });
    await expect(small('alice-searchable', pages._id)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/too many large pages/),
    });
    // One at a time: the second build starts when the first is done, and both finish.
    const one = searchablePdfMaker(h.deps, { concurrent: 1, maxImageBytes: 256 * 1024 * 1024 });
    const built = await Promise.all([one('alice-searchable', scan._id), one('alice-searchable', pages._id)]);
    expect(built.map((b) => b.fileName)).toEqual(['Taufbuch Müller (searchable).pdf', 'parish (searchable).pdf']);
    const order: string[] = [];
    const turn = turns(1);
    const hold = async (name: string) => {
      const release = await turn();
      order.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 20));
      order.push(`${name} out`);
      release();
    };
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const op = doc.paths['/api/documents/{id}/searchable-pdf']?.get;
    expect(op).toBeDefined();
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '409']));
  });
});
