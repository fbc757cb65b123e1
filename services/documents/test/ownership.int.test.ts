import type { DocumentRecord } from '@gnology/contracts';
import { INTERNAL_HEADER } from '@gnology/platform/http/internal';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signViewToken, viewTokenSecret } from '../src/library/domain/view-token';
import { textPdf } from './fixtures/generate';
import { BIRTH, CENSUS } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

/** Documents are their owner's only: every route answers 404 for another user's id. */
describe('ownership, editing, deleting and the internal context API', () => {
  let h: DocumentsHarness;
  let alice: string;
  let bob: string;
  let doc: DocumentRecord;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token('alice');
    bob = await h.token('bob');
    const form = multipart('records.pdf', await textPdf([BIRTH, CENSUS]));
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${alice}` },
    });
    doc = await waitProcessed(h.app, alice, res.json()._id);
    expect(doc.processingStatus).toBe('completed');
  });
  afterAll(async () => {
    await h?.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it("answers 404 to another user on every route of Alice's document", async () => {
    const id = doc._id;
    const routes = [
      { method: 'GET' as const, url: `/api/documents/${id}`, headers: as(bob) },
      { method: 'PUT' as const, url: `/api/documents/${id}`, headers: as(bob), payload: { peopleIdentified: [] } },
      { method: 'DELETE' as const, url: `/api/documents/${id}`, headers: as(bob) },
      { method: 'GET' as const, url: `/api/documents/${id}/view`, headers: as(bob) },
      { method: 'GET' as const, url: `/api/documents/${id}/page/1`, headers: as(bob) },
      { method: 'GET' as const, url: `/api/documents/${id}/thumbnail`, headers: as(bob) },
      { method: 'GET' as const, url: `/api/documents/${id}/view?variant=thumbnail`, headers: as(bob) },
    ];
    for (const r of routes) {
      const res = await h.app.inject(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    for (const url of ['/api/documents', '/api/documents/available/for-analysis']) {
      const list = (await h.app.inject({ method: 'GET', url, headers: as(bob) })).json();
      expect(list).toEqual([]);
    }
    expect((await h.app.inject({ method: 'GET', url: '/api/documents/images', headers: as(bob) })).json()).toEqual({
      images: [],
    });
    // Alice's document is untouched.
    expect((await h.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: as(alice) })).statusCode).toBe(
      200,
    );
  });

  it('scopes image tokens to one document and one owner, and expires them', async () => {
    const secret = viewTokenSecret(h.deps.config);
    const ok = await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/page/1?token=${doc.viewToken}` });
    expect(ok.statusCode).toBe(200);
    const forBob = signViewToken(secret, doc._id, 'bob', Date.now() + 60_000);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/page/1?token=${forBob}` })).statusCode,
    ).toBe(404);
    const otherDoc = signViewToken(secret, '0123456789abcdef01234567', 'alice', Date.now() + 60_000);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/page/1?token=${otherDoc}` })).statusCode,
    ).toBe(404);
    const expired = signViewToken(secret, doc._id, 'alice', Date.now() - 1000);
    const res = await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/page/1?token=${expired}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().expired).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}/page/1` })).statusCode).toBe(401);
  });

  it('returns only the owner’s completed documents to the research service, in the order asked', async () => {
    const call = (body: unknown, secret = h.deps.config.INTERNAL_TOKEN) =>
      h.app.inject({
        method: 'POST',
        url: '/internal/documents/context',
        payload: body as object,
        headers: { [INTERNAL_HEADER]: secret },
      });
    const mine = (
      await call({ userId: 'alice', documentIds: ['ffffffffffffffffffffffff', doc._id, 'not-an-id'] })
    ).json();
    expect(mine.documents.map((d: { _id: string }) => d._id)).toEqual([doc._id]);
    expect(mine.documents[0].extractedText).toContain('James Robert Wilson');
    expect(mine.documents[0].peopleIdentified.length).toBeGreaterThan(0);
    expect((await call({ userId: 'bob', documentIds: [doc._id] })).json()).toEqual({ documents: [] });
    expect((await call({ userId: 'alice', documentIds: [doc._id] }, 'wrong-secret-wrong-secret')).statusCode).toBe(404);
  });

  it('replaces the people list, validating each tag', async () => {
    const people = [
      { name: 'James Robert Wilson', role: 'primary_subject' },
      { name: ' Thomas Wilson ', role: 'parent' },
    ];
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${doc._id}`,
      headers: as(alice),
      payload: { peopleIdentified: people },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().peopleIdentified).toEqual([
      { name: 'James Robert Wilson', role: 'primary_subject' },
      { name: 'Thomas Wilson', role: 'parent' },
    ]);
    const bad = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${doc._id}`,
      headers: as(alice),
      payload: { peopleIdentified: [{ name: '  ', role: 'parent' }] },
    });
    expect(bad.statusCode).toBe(400);
    const badRole = await h.app.inject({
      method: 'PUT',
      url: `/api/documents/${doc._id}`,
      headers: as(alice),
      payload: { peopleIdentified: [{ name: 'A', role: 'friend' }] },
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('deletes the record, every stored object and announces it', async () => {
    const prefix = `documents/alice/${doc._id}/`;
    const before = await h.deps.storage.list(prefix);
    expect(before.map((o) => o.key.slice(prefix.length)).sort()).toEqual([
      'original',
      'pages/1.jpg',
      'pages/2.jpg',
      'thumbnail.jpg',
    ]);
    const res = await h.app.inject({ method: 'DELETE', url: `/api/documents/${doc._id}`, headers: as(alice) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Document deleted successfully!');
    expect(await h.deps.storage.list(prefix)).toEqual([]);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/documents/${doc._id}`, headers: as(alice) })).statusCode,
    ).toBe(404);
    const db = h.deps.database.db;
    expect(
      await db.selectFrom('document_pages').select('page_number').where('document_id', '=', doc._id).execute(),
    ).toEqual([]);
    const types = (
      await db.selectFrom('outbox').select('payload').where('key', '=', doc._id).orderBy('id').execute()
    ).map((r) => r.payload.type);
    // The people edit above announced itself (issue 18).
    expect(types).toEqual(['document.uploaded', 'document.processed', 'document.updated', 'document.deleted']);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/documents/${doc._id}`, headers: as(alice) })).statusCode,
    ).toBe(404);
  });
});
