import {
  ALBUM_GENERATED,
  ALBUMS_TOPIC,
  type AlbumRecord,
  AlbumGeneratedData,
  type AlbumList,
} from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhoto } from './fixtures/photos';
import { generate, pdfPages, pdfText, waitAlbum } from './helpers/albums';
import { type AlbumStack, type QueueBackend, startAlbumStack } from './helpers/stack';

/**
 * The album from request to PDF on each queue backend: the render job runs on the worker role,
 * reports progress, stores the PDF and writes `album.generated` once with the completed status.
 */
describe.each<QueueBackend>(['bullmq', 'pg-boss'])('albums on %s', (backend) => {
  let s: AlbumStack;
  let token: string;
  const user = `user-album-${backend}`;
  const ids: string[] = [];

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    if (backend === 'bullmq') requireInfra('REDIS_URL');
    s = await startAlbumStack({ backend });
    await s.startWorker();
    token = await s.token(user);
    const sizes = [
      [2400, 1600],
      [1200, 1800],
      [1600, 1600],
    ] as const;
    for (const [i, [w, h]] of sizes.entries())
      ids.push(await s.upload(user, `family-${i}.jpg`, await syntheticPhoto({ width: w, height: h, seed: i + 1 })));
    ids.push(
      await s.upload(user, 'garden.png', await syntheticPhoto({ width: 900, height: 700, seed: 9, format: 'png' })),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the PDF of a finished album, named after its title, with the Unicode names printed', async () => {
    const res = await generate(s.app, token, {
      title: 'Łukasz & Zoë: 1950s',
      description: 'Summers at the lake with Søren.',
      style: 'classic',
      photos: [
        {
          id: ids[0]!,
          caption: 'At the lake',
          description: 'Rowing across.',
          people: ['Łukasz Kowalski', 'Zoë Brontë'],
          date: 'Summer 1952',
          location: 'Bled',
        },
        { id: ids[1]!, caption: 'Portrait', people: ['Nguyễn Văn An'], location: 'Huế' },
        { id: ids[2]!, caption: 'Wedding', people: ['Søren Kierkegård'] },
        { id: ids[3]!, caption: '' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="_ukasz___Zo___1950s.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfPages(pdf)).toBe(5); // cover + one photo a page
    const text = await pdfText(pdf);
    for (const name of [
      'Łukasz Kowalski',
      'Zoë Brontë',
      'Nguyễn Văn An',
      'Søren Kierkegård',
      'Huế',
      'Summers at the lake with Søren.',
      'At the lake',
    ])
      expect(text).toContain(name);
    // An empty caption prints the file name without its extension.
    expect(text).toContain('garden');

    const list = (
      await s.app.inject({ method: 'GET', url: '/api/albums', headers: { authorization: `Bearer ${token}` } })
    ).json() as AlbumList;
    const album = list.albums[0]!;
    expect(album).toMatchObject({
      status: 'completed',
      style: 'classic',
      photoCount: 4,
      pageCount: 5,
      size: pdf.length,
      progress: { done: 4, total: 4 },
      error: null,
    });
    expect(album.fileName).toBe('_ukasz___Zo___1950s.pdf');

    // Downloaded again later, byte for byte.
    const again = await s.app.inject({
      method: 'GET',
      url: `/api/albums/${album.id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(pdf)).toBe(true);

    const events = await s.deps.database.db
      .selectFrom('outbox')
      .select(['topic', 'key', 'payload'])
      .where('key', '=', album.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.topic).toBe(ALBUMS_TOPIC);
    expect(events[0]!.payload.type).toBe(ALBUM_GENERATED);
    expect(AlbumGeneratedData.parse(events[0]!.payload.data)).toMatchObject({
      albumId: album.id,
      ownerId: user,
      style: 'classic',
      photoCount: 4,
      pageCount: 5,
      size: pdf.length,
    });
  });

  it('with Prefer: respond-async answers 202 at once, then reports progress until the PDF is ready', async () => {
    const res = await generate(
      s.app,
      token,
      { style: 'minimal', includeMetadata: false, photos: ids.map((id) => ({ id, caption: 'x' })) },
      { async: true },
    );
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as AlbumRecord;
    expect(queued).toMatchObject({
      title: 'My Family Photo Album',
      style: 'minimal',
      includeMetadata: false,
      progress: { done: 0, total: 4 },
      pageCount: null,
      size: null,
    });
    expect(['queued', 'rendering']).toContain(queued.status);
    expect(res.headers.location).toBe(`/api/albums/${queued.id}`);

    const done = await waitAlbum(s.app, token, queued.id);
    expect(done).toMatchObject({ status: 'completed', pageCount: 2, progress: { done: 4, total: 4 } });
    expect(done.completedAt).not.toBeNull();
    const pdf = await s.app.inject({
      method: 'GET',
      url: `/api/albums/${queued.id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="My_Family_Photo_Album.pdf"');
    expect(Number(pdf.headers['content-length'])).toBe(done.size);
  });

  it('fails an album whose photo cannot be read, with a readable message, and answers the spec message', async () => {
    const broken = await s.upload(
      user,
      'broken.jpg',
      Buffer.concat([(await syntheticPhoto({ width: 400, height: 300 })).subarray(0, 600)]),
    );
    const res = await generate(s.app, token, { photos: [{ id: broken }] });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Failed to generate album. Please try again.' });
    const list = (
      await s.app.inject({ method: 'GET', url: '/api/albums', headers: { authorization: `Bearer ${token}` } })
    ).json() as AlbumList;
    expect(list.albums[0]).toMatchObject({
      status: 'failed',
      error: 'The photo "broken.jpg" could not be read as an image.',
    });
  });
});
