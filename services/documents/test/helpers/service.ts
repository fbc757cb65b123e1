import { startOutboxRelay } from '@gnology/platform/events/relay';
import { createJobQueue } from '@gnology/platform/jobs/create-queue';
import { startWorkers } from '@gnology/platform/jobs/registry';
import type { JobQueueTuning } from '@gnology/platform/jobs/tuning';
import { createTestService, uniqueName } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp, type DocumentsDeps } from '../../src/app';
import { documentsEnvSchema } from '../../src/config';
import { createDocumentsWorker } from '../../src/jobs';
import { migrations } from '../../src/migrations';

export interface DocumentsHarness {
  deps: DocumentsDeps;
  /** The queue's key prefix, for worker processes started by the test. */
  queuePrefix: string;
  app: FastifyInstance;
  token(userId: string): Promise<string>;
  /** Starts the worker role in this process (OCR pool and job worker). */
  startWorker(): Promise<{ close(): Promise<void> }>;
  /** Starts the outbox relay (events reach the bus). */
  startRelay(): { stop(): Promise<void> };
  close(): Promise<void>;
}

/**
 * The documents service on real infrastructure: a fresh database, the queue, bus and storage the
 * environment selects. The queue gets a key prefix of its own (the platform's default prefix is
 * shared by every process on the Redis server), and optionally short lock timings.
 */
export async function startDocuments(
  opts: { env?: Record<string, string>; tuning?: JobQueueTuning } = {},
): Promise<DocumentsHarness> {
  const svc = await createTestService({ name: 'documents', schema: 'documents', migrations, env: opts.env });
  await svc.queue.close();
  const queuePrefix = uniqueName('gnd');
  svc.queue = await createJobQueue({
    redisUrl: svc.config.REDIS_URL,
    databaseUrl: svc.config.DATABASE_URL,
    logger: svc.logger,
    prefix: queuePrefix,
    pollIntervalMs: 200,
    // Given explicitly: BullMQ refuses an explicit `undefined` stalledInterval.
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
    ...opts.tuning,
  });
  const config = { ...svc.config, ...documentsEnvSchema.parse({ ...process.env, OCR_WORKERS: '1', ...opts.env }) };
  const deps = { ...svc, config } as DocumentsDeps;
  const app = await buildApp(deps);
  const closers: (() => Promise<unknown>)[] = [];
  return {
    deps,
    queuePrefix,
    app,
    token: (userId) => svc.signer.sign({ id: userId, email: `${userId}@example.com`, verified: true }),
    async startWorker() {
      const worker = createDocumentsWorker(deps, { sweep: false });
      const running = await startWorkers(deps.queue, worker.jobs);
      const close = async () => {
        await running.close();
        await worker.ocr.close();
      };
      closers.push(close);
      return { close };
    },
    startRelay() {
      const relay = startOutboxRelay({ db: deps.database, bus: deps.bus, logger: deps.logger, pollMs: 200 });
      closers.push(() => relay.stop());
      return relay;
    },
    async close() {
      for (const c of closers.reverse()) await c().catch(() => {});
      await app.close();
      await svc.cleanup();
    },
  };
}
