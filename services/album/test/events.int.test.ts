import { ALBUM_GENERATED, ALBUMS_TOPIC, AlbumGeneratedData, type AlbumRecord } from '@gnology/contracts';
import type { CloudEventJson } from '@gnology/platform/events/types';
import { requireInfra, uniqueName } from '@gnology/testing';
import { CloudEvent } from 'cloudevents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhoto } from './fixtures/photos';
import { generate, waitAlbum } from './helpers/albums';
import { type AlbumStack, startAlbumStack } from './helpers/stack';

/** `album.generated` reaches Kafka through the outbox relay, once, as a valid CloudEvent matching its schema. */
describe('album.generated on the bus', () => {
  let s: AlbumStack;

  beforeAll(async () => {
    requireInfra('KAFKA_BROKERS');
    s = await startAlbumStack();
    expect(s.deps.bus.backend).toBe('kafka');
    await s.startWorker();
    s.startRelay();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('is published with the album id as key', async () => {
    const received: { key: string; event: CloudEventJson }[] = [];
    const sub = await s.deps.bus.subscribe({
      group: uniqueName('album-events-test'),
      topics: [ALBUMS_TOPIC],
      handler: async (event, meta) => {
        received.push({ key: meta.key, event });
      },
    });
    try {
      const user = 'user-events';
      const token = await s.token(user);
      const id = await s.upload(user, 'Zoë.jpg', await syntheticPhoto({ width: 1200, height: 900 }));
      const res = await generate(s.app, token, { title: 'Søren', style: 'vintage', photos: [{ id }] }, { async: true });
      const album = await waitAlbum(s.app, token, (res.json() as AlbumRecord).id);
      expect(album.status).toBe('completed');

      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !received.some((m) => m.key === album.id))
        await new Promise((r) => setTimeout(r, 200));
      const mine = received.filter((m) => m.key === album.id);
      expect(mine).toHaveLength(1);
      const { event } = mine[0]!;
      expect(() => new CloudEvent(event as never, true).validate()).not.toThrow();
      expect(event).toMatchObject({ type: ALBUM_GENERATED, source: '/services/album', subject: album.id });
      expect(AlbumGeneratedData.parse(event.data)).toEqual({
        albumId: album.id,
        ownerId: user,
        title: 'Søren',
        style: 'vintage',
        photoCount: 1,
        pageCount: 2,
        size: album.size,
        generatedAt: album.completedAt,
      });
    } finally {
      await sub.close();
    }
  });
});
