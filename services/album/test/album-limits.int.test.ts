import type { AlbumList, AlbumRecord, DocumentRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhoto } from './fixtures/photos';
import { generate, waitAlbum } from './helpers/albums';
import { type AlbumStack, type QueueBackend, startAlbumStack } from './helpers/stack';

/**
 * Issue 29, point 8 and point 5's album line: a request naming a photo twice, or whose photos add
 * up to more pixels than an album prints, is refused with a 400 before anything is queued; a user
 * past the hourly album limit gets a 429 that says when to come back, and other users do not.
 */
describe('album requests past the limits', () => {
  let s: AlbumStack;
  let alice: string;
  let bob: string;
  let big1: string;
  let big2: string;
  let small: string;
  let bobSmall: string;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    // 2 MP for the whole album and 2 albums an hour, so the test needs few and small photos.
    s = await startAlbumStack({ env: { ALBUM_MAX_TOTAL_PIXELS: '2000000', ALBUM_RATE_LIMIT_PER_HOUR: '2' } });
    // The documents worker records each photo's pixel size, as it does in production.
    await s.documents.startWorker();
    await s.startWorker();
    alice = await s.token('alice');
    bob = await s.token('bob');
    big1 = await s.upload('alice', 'big-1.jpg', await syntheticPhoto({ width: 1200, height: 900, seed: 1 }));
    big2 = await s.upload('alice', 'big-2.jpg', await syntheticPhoto({ width: 1200, height: 900, seed: 2 }));
    small = await s.upload('alice', 'small.jpg', await syntheticPhoto({ width: 400, height: 300, seed: 3 }));
    bobSmall = await s.upload('bob', 'bob.jpg', await syntheticPhoto({ width: 400, height: 300, seed: 4 }));
    // The pixel test needs the sizes of the two large photos recorded; the small ones need nothing.
    for (const id of [big1, big2]) await processed(s, 'alice', id);
  });
  afterAll(async () => {
    await s?.close();
  });

  async function albumCount(token: string): Promise<number> {
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/albums',
      headers: { authorization: `Bearer ${token}` },
    });
    return (res.json() as AlbumList).albums.length;
  }

  it('refuses a photo named twice, saying which, and records nothing', async () => {
    const before = await albumCount(alice);
    const res = await generate(
      s.app,
      alice,
      {
        title: 'Forty copies',
        photos: [{ id: small, caption: 'one' }, { id: big1 }, { id: small, caption: 'again' }],
      },
      { async: true },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'A photo can be in an album only once: photos 1 and 3 are the same photo. Please remove the copy.',
    });
    expect(await albumCount(alice)).toBe(before);
  });

  it('refuses photos that add up to more pixels than an album prints, before rendering', async () => {
    const before = await albumCount(alice);
    const res = await generate(
      s.app,
      alice,
      { title: 'Too big', photos: [{ id: big1 }, { id: big2 }] },
      { async: true },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error:
        "This album's photos add up to 2.2 megapixels, more than an album can print (at most 2 megapixels). Please leave some photos out or make a second album.",
    });
    expect(await albumCount(alice)).toBe(before);
    // One of them alone is within the limit.
    const one = await generate(s.app, alice, { title: 'Fits', photos: [{ id: big1 }] }, { async: true });
    expect(one.statusCode, one.body).toBe(202);
    expect((await waitAlbum(s.app, alice, (one.json() as AlbumRecord).id)).status).toBe('completed');
  });

  it('answers 429 past the hourly album limit, with when to try again, and only for that user', async () => {
    // The refusals above did not count; the album that fitted did: one more is allowed.
    const second = await generate(s.app, alice, { title: 'Second', photos: [{ id: small }] }, { async: true });
    expect(second.statusCode, second.body).toBe(202);
    const third = await generate(s.app, alice, { title: 'Third', photos: [{ id: small }] }, { async: true });
    expect(third.statusCode, third.body).toBe(429);
    const { error } = third.json() as { error: string };
    expect(error).toMatch(/^You can make at most 2 albums an hour\. Please try again in \d+ minutes?\.$/);
    const minutes = Number(/in (\d+) minute/.exec(error)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Bob has his own count.
    const bobs = await generate(s.app, bob, { title: "Bob's", photos: [{ id: bobSmall }] }, { async: true });
    expect(bobs.statusCode, bobs.body).toBe(202);
    await waitAlbum(s.app, alice, (second.json() as AlbumRecord).id);
    await waitAlbum(s.app, bob, (bobs.json() as AlbumRecord).id);
  });
});

/**
 * Fair queueing (issue 29, point 8): one album renders at a time, and a user who queues five
 * albums does not make the next user's album wait for all five. Albums are taken round the
 * users: each user's first waiting album, then each user's second, and so on.
 */
describe.each<QueueBackend>(['bullmq', 'pg-boss'])('albums queued fairly per user on %s', (backend) => {
  let s: AlbumStack;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    if (backend === 'bullmq') requireInfra('REDIS_URL');
    s = await startAlbumStack({ backend, env: { ALBUM_CONCURRENCY: '1' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("runs a second user's album before the first user's backlog is done", async () => {
    const carol = await s.token('carol');
    const dave = await s.token('dave');
    const carolPhoto = await s.upload('carol', 'c.jpg', await syntheticPhoto({ width: 400, height: 300, seed: 5 }));
    const davePhoto = await s.upload('dave', 'd.jpg', await syntheticPhoto({ width: 400, height: 300, seed: 6 }));

    // No worker yet: Carol's five albums are all waiting when Dave asks for his.
    const carols: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await generate(s.app, carol, { title: `Carol ${i}`, photos: [{ id: carolPhoto }] }, { async: true });
      expect(res.statusCode, res.body).toBe(202);
      carols.push((res.json() as AlbumRecord).id);
    }
    const daveRes = await generate(s.app, dave, { title: 'Dave', photos: [{ id: davePhoto }] }, { async: true });
    expect(daveRes.statusCode, daveRes.body).toBe(202);
    const daves = (daveRes.json() as AlbumRecord).id;

    await s.startWorker();
    for (const id of carols) expect((await waitAlbum(s.app, carol, id)).status).toBe('completed');
    expect((await waitAlbum(s.app, dave, daves)).status).toBe('completed');

    // One at a time (concurrency 1): the order they completed in is the order they ran in.
    const order = (
      await s.deps.database.db
        .selectFrom('albums')
        .select(['id', 'title'])
        .where('id', 'in', [...carols, daves])
        .orderBy('completed_at')
        .execute()
    ).map((a) => a.title);
    expect(order).toEqual(['Carol 1', 'Dave', 'Carol 2', 'Carol 3', 'Carol 4', 'Carol 5']);
  });
});

/** Waits until the documents worker has processed the upload (its pixel size is then recorded). */
async function processed(s: AlbumStack, userId: string, id: string): Promise<void> {
  const token = await s.documents.token(userId);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await s.documents.app.inject({
      method: 'GET',
      url: `/api/documents/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const doc = res.json() as DocumentRecord;
    if (doc.processingStatus === 'completed') return;
    if (doc.processingStatus === 'failed') throw new Error(`processing of ${id} failed: ${doc.processingError}`);
    if (Date.now() > deadline) throw new Error(`document ${id} still ${doc.processingStatus}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
