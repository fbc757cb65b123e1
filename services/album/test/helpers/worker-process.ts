/**
 * An album worker in its own process, for the crash test: started with the test's database,
 * storage, documents URL and queue (backend, prefix and short locks from env), killed with SIGKILL
 * in the middle of an album.
 */
import { createJobQueue } from '@gnology/platform/jobs/create-queue';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { createLogger } from '@gnology/platform/logger';
import { createServiceDeps } from '@gnology/platform/runtime';
import { serviceEnvSchema } from '@gnology/platform/service-env';
import { albumEnvSchema } from '../../src/config';
import { createAlbumContext } from '../../src/context';
import { albumJobs } from '../../src/jobs';

const config = { ...serviceEnvSchema.parse(process.env), ...albumEnvSchema.parse(process.env) };
const logger = createLogger({ service: 'album-worker', level: 'warn' });
const base = await createServiceDeps('album', 'album', config, logger);
await base.queue.close();
base.queue = await createJobQueue({
  redisUrl: process.env.TEST_QUEUE_BACKEND === 'bullmq' ? config.REDIS_URL : undefined,
  databaseUrl: config.DATABASE_URL,
  logger,
  prefix: process.env.TEST_QUEUE_PREFIX,
  lockDurationMs: Number(process.env.TEST_LOCK_MS),
  stalledIntervalMs: Number(process.env.TEST_LOCK_MS),
  pollIntervalMs: 200,
});
const deps = createAlbumContext(base);
await startWorkers(deps.queue, albumJobs(deps, { sweep: false }));
process.stdout.write('worker ready\n');
