import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidObjectKeyError, ObjectNotFoundError, type ObjectStorage } from '../src/storage/index';
import { type BackendUnderTest, localBackend, type OpenedBackend, s3Backend } from './fixtures/storage-backends';
import {
  collectGarbage,
  hashStream,
  MiB,
  pseudoRandomBytes,
  pseudoRandomStream,
  readAll,
  startMemoryWatch,
} from './fixtures/storage-streams';

// One suite, both backends: whatever the embedded disk backend does, S3 does too (ARCHITECTURE §2).

const BIG = 250 * MiB;
const MEMORY_BOUND = 64 * MiB;

async function expectNotFound(promise: Promise<unknown>, key: string): Promise<void> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ObjectNotFoundError);
  expect((err as ObjectNotFoundError).code).toBe('OBJECT_NOT_FOUND');
  expect((err as ObjectNotFoundError).key).toBe(key);
}

async function keysUnder(storage: ObjectStorage, prefix: string): Promise<string[]> {
  return (await storage.list(prefix)).map((o) => o.key);
}

describe.each<BackendUnderTest>([localBackend, s3Backend])('ObjectStorage contract: $name backend', (backend) => {
  let opened: OpenedBackend;
  let storage: ObjectStorage;

  beforeAll(async () => {
    opened = await backend.open();
    storage = opened.storage;
  });

  afterAll(async () => {
    await opened?.dispose();
  });

  it('reports its backend and answers ping', async () => {
    expect(storage.backend).toBe(backend.name);
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('round-trips a 250 MB stream without holding it in memory, then serves ranges of it', {
    timeout: 900_000,
  }, async () => {
    const key = 'big/stream.bin';
    const seed = `big-${backend.name}`;
    collectGarbage();
    const baseline = process.memoryUsage.rss();
    const memory = startMemoryWatch();
    const started = Date.now();

    const source = pseudoRandomStream(seed, BIG, { onChunk: memory.tick });
    const info = await storage.put(key, source.stream, { contentType: 'application/x-gnology-test' });
    const uploaded = Date.now();
    const back = await hashStream(await storage.get(key), memory.tick);
    const peak = memory.stop();
    const finished = Date.now();
    console.log(
      `[${backend.name}] 250 MB: put ${((uploaded - started) / 1000).toFixed(1)} s, get ${((finished - uploaded) / 1000).toFixed(1)} s, ` +
        `peak RSS +${((peak - baseline) / MiB).toFixed(1)} MB`,
    );

    expect(info).toMatchObject({ key, size: BIG, contentType: 'application/x-gnology-test' });
    expect(back.bytes).toBe(BIG);
    expect(back.sha256).toBe(source.sha256());
    expect(peak - baseline).toBeLessThan(MEMORY_BOUND);
    expect(await storage.stat(key)).toMatchObject({ key, size: BIG, contentType: 'application/x-gnology-test' });

    // Across a part boundary of the S3 upload (8 MiB parts), and the tail to EOF.
    const across = { start: 16 * MiB - 1000, end: 16 * MiB + 999 };
    expect(
      (await readAll(await storage.get(key, across))).equals(pseudoRandomBytes(seed, across.start, across.end)),
    ).toBe(true);
    const tail = await readAll(await storage.get(key, { start: BIG - 5000 }));
    expect(tail.equals(pseudoRandomBytes(seed, BIG - 5000, BIG - 1))).toBe(true);

    await storage.delete(key);
    await expectNotFound(storage.stat(key), key);
  });

  describe('byte ranges', () => {
    const key = 'ranges/object.bin';
    const size = 100_000;
    const bytes = pseudoRandomBytes('ranges', 0, size - 1);

    beforeAll(async () => {
      await storage.put(key, bytes);
    });

    it('returns exactly start..end inclusive', async () => {
      expect(
        (await readAll(await storage.get(key, { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000)),
      ).toBe(true);
      expect((await readAll(await storage.get(key, { start: 0, end: 0 }))).equals(bytes.subarray(0, 1))).toBe(true);
      expect(
        (await readAll(await storage.get(key, { start: size - 1, end: size - 1 }))).equals(bytes.subarray(size - 1)),
      ).toBe(true);
    });

    it('returns start..EOF when end is omitted, and clamps an end past EOF', async () => {
      expect((await readAll(await storage.get(key, { start: 99_000 }))).equals(bytes.subarray(99_000))).toBe(true);
      expect((await readAll(await storage.get(key, { start: 0 }))).equals(bytes)).toBe(true);
      expect(
        (await readAll(await storage.get(key, { start: 99_990, end: size + 500 }))).equals(bytes.subarray(99_990)),
      ).toBe(true);
    });

    it('rejects a range that starts at or past the end, and a malformed range', async () => {
      await expect(storage.get(key, { start: size })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.get(key, { start: 10, end: 5 })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.get(key, { start: -1 })).rejects.toBeInstanceOf(RangeError);
    });

    it('a range of a missing key is ObjectNotFoundError', async () => {
      await expectNotFound(storage.get('ranges/missing.bin', { start: 0, end: 10 }), 'ranges/missing.bin');
    });
  });

  it('keeps the content type, defaulting to application/octet-stream', async () => {
    expect(
      await storage.put('types/photo.jpg', Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' }),
    ).toMatchObject({
      key: 'types/photo.jpg',
      size: 10,
      contentType: 'image/jpeg',
    });
    await storage.put('types/note.md', Readable.from([Buffer.from('plain text, streamed')]), {
      contentType: 'text/markdown',
    });
    await storage.put('types/note.txt', Buffer.from('with charset'), { contentType: 'text/plain; charset=utf-8' });
    await storage.put('types/untyped', Buffer.from('?'));

    expect((await storage.stat('types/photo.jpg')).contentType).toBe('image/jpeg');
    expect(await storage.stat('types/note.md')).toMatchObject({ size: 20, contentType: 'text/markdown' });
    // S3Proxy (the test server, on Jetty) drops the space after `;`; S3 and MinIO keep the header as sent.
    expect((await storage.stat('types/note.txt')).contentType?.replace('; ', ';')).toBe('text/plain;charset=utf-8');
    expect((await storage.stat('types/untyped')).contentType).toBe('application/octet-stream');
    expect((await readAll(await storage.get('types/note.md'))).toString()).toBe('plain text, streamed');
  });

  it('stores an empty body', async () => {
    expect(await storage.put('empty/none', Readable.from([]))).toMatchObject({ size: 0 });
    expect((await storage.stat('empty/none')).size).toBe(0);
    expect((await readAll(await storage.get('empty/none'))).length).toBe(0);
  });

  it('deletes an object, and deleting a missing key is not an error', async () => {
    await storage.put('delete/me.txt', Buffer.from('bye'));
    await storage.put('delete/keep.txt', Buffer.from('stay'));
    await storage.delete('delete/me.txt');
    await expectNotFound(storage.stat('delete/me.txt'), 'delete/me.txt');
    await expectNotFound(storage.get('delete/me.txt'), 'delete/me.txt');
    await expect(storage.delete('delete/me.txt')).resolves.toBeUndefined();
    await expect(storage.delete('delete/never-existed.txt')).resolves.toBeUndefined();
    expect(await keysUnder(storage, 'delete/')).toEqual(['delete/keep.txt']);
  });

  it('lists exactly the keys under a prefix, sorted, and deletePrefix removes exactly those', async () => {
    const keys = [
      'list/b/2.txt',
      'list/a.txt',
      'list/b/1.txt',
      'list/b/deeper/3.txt',
      'listing/other.txt',
      'lis.txt',
      'unrelated/x',
    ];
    for (const k of keys) await storage.put(k, Buffer.from(k));

    expect(await keysUnder(storage, 'list/')).toEqual([
      'list/a.txt',
      'list/b/1.txt',
      'list/b/2.txt',
      'list/b/deeper/3.txt',
    ]);
    // A prefix need not end at a `/`.
    expect(await keysUnder(storage, 'list')).toEqual([
      'list/a.txt',
      'list/b/1.txt',
      'list/b/2.txt',
      'list/b/deeper/3.txt',
      'listing/other.txt',
    ]);
    expect(await keysUnder(storage, 'list/b/')).toEqual(['list/b/1.txt', 'list/b/2.txt', 'list/b/deeper/3.txt']);
    expect(await keysUnder(storage, 'list/b/1')).toEqual(['list/b/1.txt']);
    expect(await keysUnder(storage, 'nothing-here/')).toEqual([]);
    const [first] = await storage.list('list/a');
    expect(first).toMatchObject({ key: 'list/a.txt', size: 'list/a.txt'.length });

    await storage.deletePrefix('list/b/');
    expect(await keysUnder(storage, 'list')).toEqual(['list/a.txt', 'listing/other.txt']);
    await storage.deletePrefix('list');
    expect(await keysUnder(storage, 'list')).toEqual([]);
    expect(await keysUnder(storage, 'lis')).toEqual(['lis.txt']);
    expect(await keysUnder(storage, 'unrelated/')).toEqual(['unrelated/x']);
    await expect(storage.deletePrefix('nothing-here/')).resolves.toBeUndefined();
  });

  it('refuses deletePrefix with an empty prefix instead of wiping the store', async () => {
    await storage.put('wipe-guard/x', Buffer.from('x'));
    await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    expect(await keysUnder(storage, 'wipe-guard/')).toEqual(['wipe-guard/x']);
  });

  it('round-trips keys with spaces, unicode and punctuation', async () => {
    const keys = ['odd/ünïcødé name (1).txt', 'odd/emoji 𝄞 🎉.png', 'odd/100% ~tilde+plus&amp=eq?.bin', 'odd/x~data'];
    for (const k of keys) await storage.put(k, Buffer.from(k));
    for (const k of keys) expect((await readAll(await storage.get(k))).toString()).toBe(k);
    expect((await keysUnder(storage, 'odd/')).sort()).toEqual([...keys].sort());
    expect(await keysUnder(storage, 'odd/emoji 𝄞')).toEqual(['odd/emoji 𝄞 🎉.png']);
  });

  it('a missing key is an ObjectNotFoundError from get and stat', async () => {
    await expectNotFound(storage.get('missing/nothing.bin'), 'missing/nothing.bin');
    await expectNotFound(storage.stat('missing/nothing.bin'), 'missing/nothing.bin');
    await expectNotFound(storage.stat('missing'), 'missing');
  });

  it('rejects unsafe or malformed keys before touching the store', async () => {
    for (const bad of ['', '../escape', 'a/../../escape', '/absolute', 'a//b', 'trailing/', 'a/./b', 'nul\0byte']) {
      await expect(storage.put(bad, Buffer.from('x')), JSON.stringify(bad)).rejects.toBeInstanceOf(
        InvalidObjectKeyError,
      );
      await expect(storage.get(bad), JSON.stringify(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.stat(bad), JSON.stringify(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.delete(bad), JSON.stringify(bad)).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
  });

  it('replaces the whole object on overwrite', async () => {
    await storage.put('overwrite/x', Buffer.from('a long first version'), { contentType: 'text/plain' });
    await storage.put('overwrite/x', Buffer.from('v2'), { contentType: 'text/markdown' });
    expect((await readAll(await storage.get('overwrite/x'))).toString()).toBe('v2');
    expect(await storage.stat('overwrite/x')).toMatchObject({ size: 2, contentType: 'text/markdown' });
  });

  it('concurrent puts to one key leave exactly one whole version', async () => {
    const versions = [1, 2, 3, 4].map((n) => pseudoRandomBytes(`concurrent-${n}`, 0, 3 * MiB - 1));
    await Promise.all(
      versions.map((v) => storage.put('concurrent/x.bin', Readable.from([v.subarray(0, MiB), v.subarray(MiB)]))),
    );
    const stored = await readAll(await storage.get('concurrent/x.bin'));
    expect(versions.some((v) => v.equals(stored))).toBe(true);
    expect(await keysUnder(storage, 'concurrent/')).toEqual(['concurrent/x.bin']);
  });

  it('makes an object visible only once its put has completed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    async function* slowBody() {
      yield Buffer.alloc(MiB, 1);
      await gate;
      yield Buffer.alloc(MiB, 2);
    }
    const putting = storage.put('visibility/slow.bin', Readable.from(slowBody()));
    await new Promise((r) => setTimeout(r, 200)); // let the first chunk reach the backend
    await expectNotFound(storage.stat('visibility/slow.bin'), 'visibility/slow.bin');
    expect(await keysUnder(storage, 'visibility/')).toEqual([]);
    release();
    expect(await putting).toMatchObject({ size: 2 * MiB });
    expect((await storage.stat('visibility/slow.bin')).size).toBe(2 * MiB);
  });

  it('a body that fails mid-stream rejects the put and leaves the previous version in place', {
    timeout: 120_000,
  }, async () => {
    const key = 'failing/object.bin';
    await storage.put(key, Buffer.from('previous version'), { contentType: 'text/plain' });
    // 20 MB: past the first 8 MiB parts, so the S3 backend has a multipart upload to abort.
    const failing = pseudoRandomStream('failing', 40 * MiB, { failAfter: 20 * MiB });
    await expect(storage.put(key, failing.stream, { contentType: 'application/x-broken' })).rejects.toThrow(
      'generated body failed on purpose',
    );
    expect((await readAll(await storage.get(key))).toString()).toBe('previous version');
    expect(await storage.stat(key)).toMatchObject({ size: 16, contentType: 'text/plain' });
    expect(await keysUnder(storage, 'failing/')).toEqual([key]);

    await expect(
      storage.put('failing/new.bin', pseudoRandomStream('failing-new', 8 * MiB, { failAfter: 2 * MiB }).stream),
    ).rejects.toThrow();
    await expectNotFound(storage.stat('failing/new.bin'), 'failing/new.bin');
  });

  it('rejects a body whose length differs from the declared size, storing nothing', async () => {
    await expect(storage.put('sized/short.bin', Readable.from([Buffer.alloc(5)]), { size: 10 })).rejects.toThrow();
    await expect(storage.put('sized/buffer.bin', Buffer.alloc(5), { size: 4 })).rejects.toThrow();
    expect(await keysUnder(storage, 'sized/')).toEqual([]);
    expect(await storage.put('sized/exact.bin', Readable.from([Buffer.alloc(7)]), { size: 7 })).toMatchObject({
      size: 7,
    });
  });
});
