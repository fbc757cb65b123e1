import { newObjectId } from '@gnology/platform/ids';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { createTestService, requireInfra, type TestService } from '@gnology/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumEnvSchema } from '../src/config';
import { type AlbumDeps, createAlbumContext } from '../src/context';
import { albumJobs } from '../src/jobs';
import { migrations } from '../src/migrations';
import { STALE_ALBUM_MESSAGE } from '../src/use-cases/sweep-stale-albums';

/**
 * The stale-album sweep is a scheduled job on the service's queue (no setInterval of work in a
 * process): a worker started with the album jobs enqueues it at once and runs it, and it fails an
 * album left queued past ALBUM_STALE_MINUTES while a fresh one keeps its place.
 */
describe('stale-album sweep', () => {
  let svc: TestService;
  let deps: AlbumDeps;
  let workers: { close(): Promise<void> } | undefined;

  beforeAll(async () => {
    requireInfra('DATABASE_URL');
    svc = await createTestService({ name: 'album_sweep', schema: 'album', migrations });
    deps = createAlbumContext({
      ...svc,
      config: { ...svc.config, ...albumEnvSchema.parse({ ALBUM_STALE_MINUTES: '30' }) },
    });
  });
  afterAll(async () => {
    await workers?.close();
    await svc?.cleanup();
  });

  async function insertAlbum(minutesAgo: number): Promise<string> {
    const id = newObjectId();
    await deps.database.db
      .insertInto('albums')
      .values({
        id,
        owner_id: 'alice',
        title: 'Album',
        description: '',
        style: 'classic',
        include_metadata: false,
        photos: '[]',
        progress_total: 1,
        page_count: null,
        size: null,
        storage_key: null,
        error: null,
        completed_at: null,
        updated_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
      })
      .execute();
    return id;
  }

  it('fails the stale album through the queued sweep job, and leaves the fresh one queued', async () => {
    const stale = await insertAlbum(45);
    const fresh = await insertAlbum(1);
    workers = await startWorkers(deps.queue, albumJobs(deps));
    const status = async (id: string) =>
      deps.database.db.selectFrom('albums').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
    await expect
      .poll(() => status(stale), { timeout: 15_000, interval: 200 })
      .toEqual({
        status: 'failed',
        error: STALE_ALBUM_MESSAGE,
      });
    expect(await status(fresh)).toEqual({ status: 'queued', error: null });
  });
});
