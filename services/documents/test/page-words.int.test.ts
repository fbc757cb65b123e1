import type { DocumentRecord, PageWordBox } from '@gnology/contracts';
import { PageWordsResponse } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signViewToken, viewTokenSecret } from '../src/library/domain/view-token';
import { scannedPagePng, textPdf } from './fixtures/generate';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

// Two lines: the generator draws each paragraph from a one-inch margin at 300 dpi on an A4 page.
const TEXT = 'Margaret Sullivan was baptised at Kilkenny\nHer father Patrick Sullivan was a cooper';
const DPI = 300;
const PAGE = { width: Math.round(8.27 * DPI), height: Math.round(11.69 * DPI) };
const FONT_PX = (12 / 72) * DPI;

const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** GET /api/documents/:id/pages/:n/words (issue 14): where each OCR'd word of a page sits on its image. */
describe('page word positions', () => {
  let h: DocumentsHarness;
  let alice: string;
  let bob: string;
  let scan: DocumentRecord;
  let typed: DocumentRecord;

  const upload = async (token: string, name: string, content: Buffer) =>
    waitProcessed(h.app, token, (await uploadAccepted(h, token, name, content))._id);
  const words = (id: string, n: number, opts: { token?: string; bearer?: string } = {}) =>
    h.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/pages/${n}/words${opts.token ? `?token=${encodeURIComponent(opts.token)}` : ''}`,
      headers: opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {},
    });

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token('alice-words');
    bob = await h.token('bob-words');
    scan = await upload(alice, 'baptism.png', await scannedPagePng(TEXT));
    typed = await upload(alice, 'typed.pdf', await textPdf(['A typed page with a text layer.']));
    expect(scan.processingStatus).toBe('completed');
    expect(typed.processingStatus).toBe('completed');
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  it("returns a scanned page's words with their boxes, in reading order, with the view token or the owner's session", async () => {
    const res = await words(scan._id, 1, { token: scan.viewToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const body = PageWordsResponse.parse(res.json());
    expect(body.pageNumber).toBe(1);
    const list = body.words;
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const w of list) {
      for (const v of [w.x, w.y, w.w, w.h]) expect(v).toBeGreaterThanOrEqual(0);
      expect(w.x + w.w).toBeLessThanOrEqual(1);
      expect(w.y + w.h).toBeLessThanOrEqual(1);
      expect(w.w).toBeGreaterThan(0);
      expect(w.h).toBeGreaterThan(0);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(100);
    }
    // Reading order: the words spell the text, line by line, left to right.
    expect(list.map((w) => clean(w.text)).join(' ')).toBe(TEXT.split(/\s+/).map(clean).join(' '));
    const centre = (w: PageWordBox) => w.y + w.h / 2;
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1]!, list[i]!];
      if (Math.abs(centre(a) - centre(b)) < a.h / 2) expect(b.x).toBeGreaterThan(a.x);
      else expect(centre(b)).toBeGreaterThan(centre(a));
    }

    // "Margaret" was drawn at the one-inch margin on the first line (its baseline an inch and a font size down).
    const first = list[0]!;
    expect(clean(first.text)).toBe('margaret');
    expect(first.x * PAGE.width).toBeGreaterThan(DPI - 10);
    expect(first.x * PAGE.width).toBeLessThan(DPI + 15);
    const baseline = DPI + FONT_PX;
    expect((first.y + first.h) * PAGE.height).toBeGreaterThan(baseline - 10);
    expect((first.y + first.h) * PAGE.height).toBeLessThan(baseline + 20);
    expect(first.y * PAGE.height).toBeGreaterThan(baseline - FONT_PX * 1.1);
    // "Patrick" is on the second line, 1.45 font sizes lower.
    const patrick = list.find((w) => clean(w.text) === 'patrick')!;
    expect(patrick).toBeDefined();
    expect(Math.abs((patrick.y - first.y) * PAGE.height - FONT_PX * 1.45)).toBeLessThan(12);

    // The owner's session in the header reads the same words.
    const owner = await words(scan._id, 1, { bearer: alice });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual(res.json());
  });

  it('answers an empty list for a page read from a PDF text layer (no word positions), and 404 past the last page', async () => {
    const res = await words(typed._id, 1, { token: typed.viewToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pageNumber: 1, words: [] });
    expect((await words(scan._id, 2, { token: scan.viewToken })).statusCode).toBe(404);
  });

  it("answers 404 to another user and to another document's token, 401 without a token", async () => {
    expect((await words(scan._id, 1, { bearer: bob })).statusCode).toBe(404);
    const secret = viewTokenSecret(h.deps.config);
    expect(
      (await words(scan._id, 1, { token: signViewToken(secret, scan._id, 'bob-words', Date.now() + 60_000) }))
        .statusCode,
    ).toBe(404);
    expect((await words(scan._id, 1, { token: typed.viewToken })).statusCode).toBe(404);
    const none = await words(scan._id, 1);
    expect(none.statusCode).toBe(401);
    const expired = await words(scan._id, 1, {
      token: signViewToken(secret, scan._id, 'alice-words', Date.now() - 1000),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().expired).toBe(true);
    // A session token in the query string is refused, as for the page images (issue 11, point 3).
    expect((await words(scan._id, 1, { token: alice })).statusCode).toBe(401);
  });

  it('is described in the OpenAPI document from the same schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/documents/{id}/pages/{pageNumber}/words'] ?? {})).toEqual(['get']);
  });
});
