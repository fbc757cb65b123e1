/**
 * A documents worker in its own process, for the crash test: started with the test's database,
 * storage and queue (prefix and short locks from env), killed with SIGKILL mid-document.
 */
import { createServiceDeps } from '@gnology/platform/runtime';
import { createLogger } from '@gnology/platform/logger';
import { createJobQueue } from '@gnology/platform/jobs/create-queue';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { serviceEnvSchema } from '@gnology/platform/service-env';
import type { DocumentsDeps } from '../../src/app';
import { documentsEnvSchema } from '../../src/config';
import { createDocumentsWorker } from '../../src/jobs';

const config = { ...serviceEnvSchema.parse(process.env), ...documentsEnvSchema.parse(process.env) };
const logger = createLogger({ service: 'documents-worker', level: 'warn' });
const deps = (await createServiceDeps('documents', 'documents', config, logger)) as DocumentsDeps;
await deps.queue.close();
deps.queue = await createJobQueue({
  redisUrl: config.REDIS_URL,
  databaseUrl: config.DATABASE_URL,
  logger,
  prefix: process.env.TEST_QUEUE_PREFIX,
  lockDurationMs: Number(process.env.TEST_LOCK_MS),
  stalledIntervalMs: Number(process.env.TEST_LOCK_MS),
  pollIntervalMs: 200,
});
const worker = createDocumentsWorker(deps, { sweep: false });
await startWorkers(deps.queue, worker.jobs);
process.stdout.write('worker ready\n');
