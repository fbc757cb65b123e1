import { randomUUID } from 'node:crypto';
import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astronautJpeg } from './fixtures/photos';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { uploadAccepted } from './helpers/upload';
import { waitProcessed } from './helpers/wait';

/**
 * Issue 30 on real Postgres, queue and storage with the real face model: an uploaded portrait is
 * tagged "portrait"; its owner edits the tags through PUT /api/documents/:id (validated,
 * normalised, announced as document.updated, 404 for anyone else), and a "Read again" keeps the
 * edits: the removed "portrait" does not come back, the added tag stays (decisions 0216, 0217).
 */
describe('editable photo tags', () => {
  let h: DocumentsHarness;
  let alice: string;
  let portrait: DocumentRecord;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const put = (token: string, id: string, payload: unknown) =>
    h.app.inject({ method: 'PUT', url: `/api/documents/${id}`, headers: as(token), payload: payload as object });
  const updates = async (id: string) =>
    (await h.deps.database.db.selectFrom('outbox').select('payload').where('key', '=', id).execute())
      .map((r) => r.payload as { type: string; data: { entities: { tags: string[] } } })
      .filter((e) => e.type === 'document.updated');

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    h = await startDocuments();
    await h.startWorker();
    alice = await h.token(`alice-${randomUUID()}`);
    const id = (await uploadAccepted(h, alice, 'Aunt Eileen.jpg', astronautJpeg()))._id;
    portrait = await waitProcessed(h.app, alice, id, 180_000);
    expect(portrait.processingStatus, portrait.processingError ?? '').toBe('completed');
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  it('tags an uploaded photo with one large face "portrait" by itself', () => {
    expect(portrait.faces).toHaveLength(1);
    expect(portrait.tags).toEqual(expect.arrayContaining(['photo', 'portrait']));
  });

  it('saves the full list of tags, trimmed and without repeats, and announces the change once', async () => {
    const res = await put(alice, portrait._id, { tags: ['photo', '  Aunt   Eileen ', 'aunt eileen', 'Beach'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DocumentRecord).tags).toEqual(['photo', 'Aunt Eileen', 'Beach']);
    // The same tags again: nothing changes, nothing more is announced.
    expect((await put(alice, portrait._id, { tags: ['photo', 'Aunt Eileen', 'Beach'] })).statusCode).toBe(200);
    const announced = await updates(portrait._id);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.data.entities.tags).toEqual(['photo', 'Aunt Eileen', 'Beach']);
    // The people are left as they were when only the tags are sent.
    expect((res.json() as DocumentRecord).peopleIdentified).toEqual(portrait.peopleIdentified);
  });

  it('refuses a blank, overlong or control-character tag, too many tags and an empty body', async () => {
    for (const payload of [
      { tags: ['  '] },
      { tags: ['x'.repeat(41)] },
      { tags: ['a\u0007b'] },
      { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { tags: 'portrait' },
      {},
    ]) {
      const res = await put(alice, portrait._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("describes the tags in the PUT's body in the service's OpenAPI document", async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const body = JSON.stringify(doc.paths['/api/documents/{id}']!.put!.requestBody);
    expect(body).toContain('"tags"');
    expect(body).toContain('"peopleIdentified"');
    expect(body).toContain('"maxLength":40');
    expect(body).toContain('"maxItems":50');
  });

  it('answers 404 for another user’s photo and changes nothing', async () => {
    const bob = await h.token(`bob-${randomUUID()}`);
    expect((await put(bob, portrait._id, { tags: ['mine'] })).statusCode).toBe(404);
    expect((await put(bob, randomUUID().replace(/-/g, '').slice(0, 24), { tags: ['mine'] })).statusCode).toBe(404);
    const doc = await waitProcessed(h.app, alice, portrait._id);
    expect(doc.tags).toEqual(['photo', 'Aunt Eileen', 'Beach']);
  });

  it('keeps the edits when the photo is read again: "portrait" stays removed, the user’s tags stay', async () => {
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/documents/${portrait._id}/reprocess`,
      headers: as(alice),
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(202);
    const doc = await waitProcessed(h.app, alice, portrait._id, 180_000);
    expect(doc.processingStatus).toBe('completed');
    expect(doc.faces).toHaveLength(1);
    expect(doc.tags).toEqual(['photo', 'Aunt Eileen', 'Beach']);
    // Put back by the user, it is theirs: the next reading keeps it too.
    expect((await put(alice, portrait._id, { tags: [...doc.tags, 'Portrait'] })).statusCode).toBe(200);
    expect((await waitProcessed(h.app, alice, portrait._id)).tags).toEqual([
      'photo',
      'Aunt Eileen',
      'Beach',
      'Portrait',
    ]);
  });
});
