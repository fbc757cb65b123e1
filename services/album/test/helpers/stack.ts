import { startOutboxRelay } from '@gnology/platform/events/relay';
import { createJobQueue } from '@gnology/platform/jobs/create-queue';
import { startWorkers } from '@gnology/platform/jobs/registry';
import type { JobQueueTuning } from '@gnology/platform/jobs/tuning';
import { createTestService, uniqueName } from '@gnology/testing';
import type { FastifyInstance } from 'fastify';
import { multipart } from '../../../documents/test/helpers/multipart';
import { type DocumentsHarness, startDocuments } from '../../../documents/test/helpers/service';
import { buildApp } from '../../src/app';
import { albumEnvSchema } from '../../src/config';
import { type AlbumDeps, createAlbumContext } from '../../src/context';
import { albumJobs } from '../../src/jobs';
import { migrations } from '../../src/migrations';

export type QueueBackend = 'bullmq' | 'pg-boss';

export interface AlbumStack {
  deps: AlbumDeps;
  documents: DocumentsHarness;
  /** Where the album service reaches the documents service (a real HTTP listener). */
  documentsUrl: string;
  queuePrefix: string;
  app: FastifyInstance;
  /** A bearer token for the album service. */
  token(userId: string): Promise<string>;
  /** Uploads a file to the documents service as `userId`; returns its id. */
  upload(userId: string, name: string, content: Buffer): Promise<string>;
  deletePhoto(userId: string, id: string): Promise<void>;
  /** Starts the album worker role in this process. */
  startWorker(): Promise<{ close(): Promise<void> }>;
  startRelay(): { stop(): Promise<void> };
  close(): Promise<void>;
}

/**
 * The album service on real infrastructure, beside a real documents service listening on a
 * loopback port (the album service reads photos over HTTP, as in production). The album queue is
 * BullMQ or pg-boss as asked, with a key prefix of its own.
 */
export async function startAlbumStack(
  opts: { backend?: QueueBackend; tuning?: JobQueueTuning; env?: Record<string, string> } = {},
): Promise<AlbumStack> {
  const documents = await startDocuments();
  await documents.app.listen({ port: 0, host: '127.0.0.1' });
  const address = documents.app.server.address();
  const documentsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const svc = await createTestService({
    name: 'album',
    schema: 'album',
    migrations,
    env: { DOCUMENTS_URL: documentsUrl, ...opts.env },
  });
  await svc.queue.close();
  const queuePrefix = uniqueName('gna');
  const backend = opts.backend ?? (svc.config.REDIS_URL ? 'bullmq' : 'pg-boss');
  svc.queue = await createJobQueue({
    redisUrl: backend === 'bullmq' ? svc.config.REDIS_URL : undefined,
    databaseUrl: svc.config.DATABASE_URL,
    logger: svc.logger,
    prefix: queuePrefix,
    pollIntervalMs: 200,
    // Given explicitly: BullMQ refuses an explicit `undefined` stalledInterval.
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
    ...opts.tuning,
  });
  if (svc.queue.backend !== backend) throw new Error(`asked for ${backend}, got ${svc.queue.backend}`);
  const config = { ...svc.config, ...albumEnvSchema.parse({ ...process.env, ...opts.env }) };
  const deps = createAlbumContext({ ...svc, config });
  const app = await buildApp(deps);
  const closers: (() => Promise<unknown>)[] = [];

  return {
    deps,
    documents,
    documentsUrl,
    queuePrefix,
    app,
    token: (userId) => svc.signer.sign({ id: userId, email: `${userId}@example.com`, verified: true }),
    async upload(userId, name, content) {
      const form = multipart(name, content);
      const token = await documents.token(userId);
      const res = await documents.app.inject({
        method: 'POST',
        url: '/api/documents/upload',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`upload of ${name} failed: ${res.statusCode} ${res.body}`);
      return res.json()._id as string;
    },
    async deletePhoto(userId, id) {
      const token = await documents.token(userId);
      const res = await documents.app.inject({
        method: 'DELETE',
        url: `/api/documents/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`delete failed: ${res.statusCode} ${res.body}`);
    },
    async startWorker() {
      const running = await startWorkers(deps.queue, albumJobs(deps, { sweep: false }));
      const close = () => running.close();
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
      await documents.close();
    },
  };
}
