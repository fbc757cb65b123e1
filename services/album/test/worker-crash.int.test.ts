import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AlbumRecord } from '@gnology/contracts';
import { requireInfra } from '@gnology/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticPhoto } from './fixtures/photos';
import { generate, pdfPages, waitAlbum } from './helpers/albums';
import { type AlbumStack, type QueueBackend, startAlbumStack } from './helpers/stack';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const LOCK_MS = 2000;
const PHOTOS = 10;

/** A worker killed (SIGKILL) in the middle of an album: the job runs again elsewhere, from scratch, and completes once. */
describe.each<QueueBackend>(['bullmq', 'pg-boss'])('an album worker killed mid-album on %s', (backend) => {
  let s: AlbumStack;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    if (backend === 'bullmq') requireInfra('REDIS_URL');
    s = await startAlbumStack({ backend, tuning: { lockDurationMs: LOCK_MS, stalledIntervalMs: LOCK_MS } });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await s?.close();
  });

  it('is finished by another worker, with one PDF and one album.generated', async () => {
    const c = s.deps.config;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'helpers/worker-process.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: c.DATABASE_URL,
        DATA_DIR: c.DATA_DIR,
        S3_BUCKET: c.S3_BUCKET,
        INTERNAL_TOKEN: c.INTERNAL_TOKEN,
        DOCUMENTS_URL: s.documentsUrl,
        NODE_ENV: 'test',
        TEST_QUEUE_BACKEND: backend,
        TEST_QUEUE_PREFIX: s.queuePrefix,
        TEST_LOCK_MS: String(LOCK_MS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (d) => String(d).includes('worker ready') && resolve());
      child!.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
    });

    const user = `user-crash-${backend}`;
    const token = await s.token(user);
    const ids: string[] = [];
    const t0 = Date.now();
    const log = (what: string) =>
      process.env.DEBUG_CRASH && console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${what}`);
    const photo = await syntheticPhoto({ width: 3000, height: 2000, seed: 7 });
    for (let i = 0; i < PHOTOS; i++) ids.push(await s.upload(user, `p${i}.jpg`, photo));
    log('uploaded');
    const res = await generate(
      s.app,
      token,
      { style: 'classic', photos: ids.map((id, i) => ({ id, caption: `Photo ${i + 1}` })) },
      { async: true },
    );
    const album = res.json() as AlbumRecord;

    // Wait until the child has placed a photo or two, then kill it without warning.
    let seen: AlbumRecord | undefined;
    for (;;) {
      seen = (
        await s.app.inject({
          method: 'GET',
          url: `/api/albums/${album.id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as AlbumRecord;
      if (seen.progress.done >= 1) break;
      expect(seen.status).not.toBe('completed');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.status).toBe('rendering');
    expect(seen.progress.done).toBeLessThan(PHOTOS);
    log(`killing at ${seen.progress.done}`);
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;

    await s.startWorker();
    const progress: number[] = [];
    const done = await waitAlbum(s.app, token, album.id, 120_000, (a) => {
      if (a.progress.done !== progress.at(-1)) log(`${a.status} ${a.progress.done}`);
      progress.push(a.progress.done);
    });
    expect(done).toMatchObject({
      status: 'completed',
      pageCount: PHOTOS + 1,
      progress: { done: PHOTOS, total: PHOTOS },
      error: null,
    });
    const pdf = await s.app.inject({
      method: 'GET',
      url: `/api/albums/${album.id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await pdfPages(pdf.rawPayload)).toBe(PHOTOS + 1);

    const db = s.deps.database.db;
    const row = await db.selectFrom('albums').select('runs').where('id', '=', album.id).executeTakeFirstOrThrow();
    expect(row.runs).toBeGreaterThanOrEqual(2);
    const events = (await db.selectFrom('outbox').select('payload').where('key', '=', album.id).execute()).map(
      (r) => r.payload.type,
    );
    expect(events).toEqual(['album.generated']);
    const stored = await s.deps.storage.list(`albums/${user}/`);
    expect(stored.map((o) => o.size)).toEqual([done.size]);
  }, 240_000);
});
