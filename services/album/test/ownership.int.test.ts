import {
  ALBUM_NO_PHOTOS_MESSAGE,
  ALBUM_TOO_MANY_PHOTOS_MESSAGE,
  type AlbumList,
  type AlbumRecord,
} from '@gnology/contracts';
import { newObjectId } from '@gnology/platform/ids';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhoto } from './fixtures/photos';
import { generate, waitAlbum } from './helpers/albums';
import { type AlbumStack, startAlbumStack } from './helpers/stack';

/**
 * Every album route checks its owner, and every photo of a request must be one of the user's own
 * images: anything else answers 404 without telling whether it exists. Bad requests get a clear 400.
 */
describe('album ownership and bad requests', () => {
  let s: AlbumStack;
  let alice: string;
  let bob: string;
  let alicePhoto: string;
  let bobPhoto: string;
  let aliceText: string;
  let aliceAlbum: AlbumRecord;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    s = await startAlbumStack();
    await s.startWorker();
    alice = await s.token('alice');
    bob = await s.token('bob');
    alicePhoto = await s.upload('alice', 'alice.jpg', await syntheticPhoto({ width: 800, height: 600, seed: 1 }));
    bobPhoto = await s.upload('bob', 'bob.jpg', await syntheticPhoto({ width: 800, height: 600, seed: 2 }));
    aliceText = await s.upload('alice', 'notes.txt', Buffer.from('Census notes for the Kowalski family, 1921.\n'));
    const res = await generate(s.app, alice, { title: 'Alice', photos: [{ id: alicePhoto }] }, { async: true });
    aliceAlbum = await waitAlbum(s.app, alice, (res.json() as AlbumRecord).id);
    expect(aliceAlbum.status).toBe('completed');
  });
  afterAll(async () => {
    await s?.close();
  });

  const photoNotFound = { error: 'Photo not found' };

  it("refuses another user's photo, alone or among the user's own", async () => {
    for (const photos of [[{ id: bobPhoto }], [{ id: alicePhoto }, { id: bobPhoto }]]) {
      const res = await generate(s.app, alice, { photos });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(photoNotFound);
    }
  });

  it('refuses an unknown id, a document that is not an image, and a deleted photo', async () => {
    const doomed = await s.upload('alice', 'doomed.jpg', await syntheticPhoto({ width: 300, height: 200, seed: 3 }));
    await s.deletePhoto('alice', doomed);
    for (const id of [newObjectId(), aliceText, doomed]) {
      const res = await generate(s.app, alice, { photos: [{ id }] }, { async: true });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(photoNotFound);
    }
  });

  it('creates no album for a refused request', async () => {
    const before = (await s.deps.database.db.selectFrom('albums').select('id').execute()).length;
    await generate(s.app, alice, { photos: [{ id: bobPhoto }] });
    await generate(s.app, alice, { photos: [] });
    expect((await s.deps.database.db.selectFrom('albums').select('id').execute()).length).toBe(before);
  });

  it('answers 400 with a clear message for 0 photos, more than 500, an unknown style, a malformed id', async () => {
    const none = await generate(s.app, alice, { photos: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: ALBUM_NO_PHOTOS_MESSAGE });

    const tooMany = await generate(s.app, alice, { photos: Array.from({ length: 501 }, () => ({ id: alicePhoto })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: ALBUM_TOO_MANY_PHOTOS_MESSAGE });

    const style = await generate(s.app, alice, { style: 'baroque', photos: [{ id: alicePhoto }] });
    expect(style.statusCode).toBe(400);
    expect(style.json()).toEqual({ error: 'Unknown album style. Choose one of: classic, modern, vintage, minimal.' });

    const malformed = await generate(s.app, alice, { photos: [{ id: '../etc/passwd' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^photos\.0\.id: /);

    const anonymous = await s.app.inject({
      method: 'POST',
      url: '/api/albums/generate',
      payload: { photos: [{ id: alicePhoto }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another user's album on every route, and lists only the user's own", async () => {
    const auth = { authorization: `Bearer ${bob}` };
    for (const [method, url] of [
      ['GET', `/api/albums/${aliceAlbum.id}`],
      ['GET', `/api/albums/${aliceAlbum.id}/pdf`],
      ['DELETE', `/api/albums/${aliceAlbum.id}`],
      ['GET', `/api/albums/${newObjectId()}`],
      ['GET', '/api/albums/not-an-id/pdf'],
    ] as const) {
      const res = await s.app.inject({ method, url, headers: auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Album not found' });
    }
    const bobs = (await s.app.inject({ method: 'GET', url: '/api/albums', headers: auth })).json() as AlbumList;
    expect(bobs.albums).toEqual([]);
    // Bob's attempts changed nothing.
    const still = await s.app.inject({
      method: 'GET',
      url: `/api/albums/${aliceAlbum.id}/pdf`,
      headers: { authorization: `Bearer ${alice}` },
    });
    expect(still.statusCode).toBe(200);
  });

  it("deletes the owner's album and its PDF", async () => {
    const auth = { authorization: `Bearer ${alice}` };
    const album = await s.deps.database.db
      .selectFrom('albums')
      .select('storage_key')
      .where('id', '=', aliceAlbum.id)
      .executeTakeFirstOrThrow();
    expect((await s.deps.storage.stat(album.storage_key!)).size).toBe(aliceAlbum.size);
    const res = await s.app.inject({ method: 'DELETE', url: `/api/albums/${aliceAlbum.id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: `/api/albums/${aliceAlbum.id}`, headers: auth })).statusCode).toBe(
      404,
    );
    await expect(s.deps.storage.stat(album.storage_key!)).rejects.toThrow(/not found/);
  });

  it("refuses internal photo routes without the internal token, and never serves another user's original", async () => {
    const lookup = await fetch(`${s.documentsUrl}/internal/documents/photos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'alice', ids: [alicePhoto] }),
    });
    expect(lookup.status).toBe(404);
    await expect(s.deps.photos.original('alice', bobPhoto)).rejects.toThrow('Photo not found');
    const own = await s.deps.photos.lookup('alice', [alicePhoto, bobPhoto, aliceText]);
    expect(own.map((p) => p.id)).toEqual([alicePhoto]);
    expect(own[0]).toMatchObject({ originalName: 'alice.jpg', mimetype: 'image/jpeg' });
  });

  it('describes the album API in its OpenAPI document, from the same schemas', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/albums'))
        .sort(),
    ).toEqual(['/api/albums', '/api/albums/generate', '/api/albums/{id}', '/api/albums/{id}/pdf']);
    expect(Object.keys(doc.paths['/api/albums/{id}']!).sort()).toEqual(['delete', 'get']);
  });
});
