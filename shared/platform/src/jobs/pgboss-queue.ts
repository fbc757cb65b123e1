import { createHash } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { assertJobId, assertQueueName, jobPriority } from './naming';
import { type PgBossEnvelope, type PgBossOutput, startPgBossWorker } from './pgboss-worker';
import { normaliseProgress } from './progress';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS, type JobQueueTuning } from './tuning';
import type { EnqueueOptions, JobHandler, JobQueue, JobState, JobStatus, WorkerHandle } from './types';

export interface PgBossJobQueueOptions extends JobQueueTuning {
  databaseUrl: string;
  logger: Logger;
  /**
   * Prefix of our pg-boss queue names. The `pgboss` schema is shared with the pg-boss event bus,
   * which creates queues of its own; the prefix keeps job queues apart from them. Default 'jobs'.
   */
  prefix?: string;
  /** Connections of this queue's pool. Default 5. */
  poolSize?: number;
}

/** The schema every pg-boss user in GNology shares (the event bus too); never dropped by us. */
export const PGBOSS_SCHEMA = 'pgboss';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_STALLED_INTERVAL_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 1000;

/**
 * pg-boss ids are UUIDs while our idempotency keys are free-form: a UUID key is used as is, any
 * other is hashed into a stable UUID, so enqueue and getJob agree on the row without a lookup.
 */
export function pgBossJobId(jobId: string): string {
  if (UUID.test(jobId)) return jobId.toLowerCase();
  const h = createHash('sha256').update(`gnology-job:${jobId}`).digest('hex');
  // Shaped as an RFC 9562 version-8 ("custom") UUID: version nibble 8, variant bits 10.
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** JobQueue over pg-boss 11 in the `pgboss` schema: the embedded backend when REDIS_URL is unset. */
export class PgBossJobQueue implements JobQueue {
  readonly backend = 'pg-boss' as const;
  private readonly pool: pg.Pool;
  private readonly boss: PgBoss;
  private readonly prefix: string;
  private readonly leaseSeconds: number;
  private starting?: Promise<void>;
  private readonly queues = new Map<string, Promise<string>>();
  private readonly workers = new Set<WorkerHandle>();

  constructor(private readonly opts: PgBossJobQueueOptions) {
    this.prefix = opts.prefix ?? 'jobs';
    this.leaseSeconds = Math.max(1, Math.ceil((opts.lockDurationMs ?? DEFAULT_LEASE_MS) / 1000));
    const superviseSeconds = Math.max(1, Math.ceil((opts.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS) / 1000));
    // Our own pool, handed to pg-boss as its executor, so outcome updates can share a transaction
    // with pg-boss's complete()/fail() (see pgboss-worker.ts).
    this.pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 5,
      application_name: 'gnology-jobs',
    });
    this.pool.on('error', (err) => opts.logger.warn({ err }, 'idle job-queue database connection failed'));
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.pool.query(text, values) },
      schema: PGBOSS_SCHEMA,
      // Cron scheduling is not used by the job queue; its timekeeper would only poll.
      schedule: false,
      // Supervision finds jobs whose lease ran out (dead workers) and deletes old finished jobs.
      superviseIntervalSeconds: superviseSeconds,
      monitorIntervalSeconds: superviseSeconds,
    });
    this.boss.on('error', (err) => opts.logger.error({ err }, 'pg-boss error'));
  }

  /** Installs or migrates the pg-boss schema (idempotent, safe alongside other pg-boss users). */
  start(): Promise<void> {
    this.starting ??= this.boss.start().then(
      () => undefined,
      (err) => {
        this.starting = undefined;
        throw err;
      },
    );
    return this.starting;
  }

  async enqueue<T>(queue: string, name: string, data: T, opts: EnqueueOptions = {}): Promise<string> {
    if (opts.jobId !== undefined) assertJobId(opts.jobId);
    const pgQueue = await this.ensureQueue(queue);
    const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
    const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    const envelope: PgBossEnvelope<T> = { name, data, requestId: opts.requestId, jobId: opts.jobId, backoffMs };
    const id = await this.boss.send(pgQueue, envelope, {
      // A second send with the same id hits the primary key and is ignored (send returns null).
      id: opts.jobId === undefined ? undefined : pgBossJobId(opts.jobId),
      retryLimit: attempts - 1,
      // Used as is only when a lease runs out (dead worker); failed tries get the exact schedule.
      retryDelay: Math.round(backoffMs / 1000),
      retryBackoff: true,
      expireInSeconds: this.leaseSeconds,
      // pg-boss fetches the highest priority first and unprioritised jobs have 0: negated, 1 runs
      // before 2, and a job without a priority before both, as in BullMQ.
      ...(opts.priority !== undefined ? { priority: -jobPriority(opts.priority) } : {}),
    });
    if (opts.jobId !== undefined) return opts.jobId;
    if (!id) throw new Error(`pg-boss did not create job ${name} in queue ${queue}`);
    return id;
  }

  async work<T>(queue: string, handler: JobHandler<T>, opts: { concurrency?: number } = {}): Promise<WorkerHandle> {
    const pgQueue = await this.ensureQueue(queue);
    const concurrency = opts.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error(`concurrency must be a positive integer, got ${concurrency}`);
    const worker = startPgBossWorker(
      {
        boss: this.boss,
        pool: this.pool,
        schema: PGBOSS_SCHEMA,
        pgQueue,
        queue,
        concurrency,
        pollIntervalMs: this.opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
        leaseSeconds: this.leaseSeconds,
        shutdownTimeoutMs: this.opts.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
        logger: this.opts.logger.child({ queue }),
      },
      handler,
    );
    const handle: WorkerHandle = {
      close: async () => {
        await worker.close();
        this.workers.delete(handle);
      },
    };
    this.workers.add(handle);
    return handle;
  }

  async getJob(queue: string, id: string): Promise<JobState | null> {
    const pgQueue = await this.ensureQueue(queue);
    const row = await this.boss.getJobById<PgBossEnvelope>(pgQueue, pgBossJobId(id));
    if (!row) return null;
    const output = (row.output ?? null) as PgBossOutput | null;
    const status = statusOf(row);
    return {
      id: row.data.jobId ?? row.id,
      name: row.data.name,
      status,
      // retry_count counts the re-fetches; a try still running has not been made yet.
      attemptsMade: row.startedOn ? row.retryCount + (row.state === 'active' ? 0 : 1) : 0,
      progress: normaliseProgress(output?.progress),
      failedReason: row.state === 'cancelled' ? 'cancelled' : (output?.message ?? output?.value?.message ?? null),
      result: row.state === 'completed' ? output?.result : undefined,
    };
  }

  async removeWaiting(queue: string, id: string): Promise<boolean> {
    const pgQueue = await this.ensureQueue(queue);
    // One statement: a job a worker fetches meanwhile is 'active' and stays.
    const { rowCount } = await this.pool.query(
      `DELETE FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND id = $2 AND state IN ('created', 'retry')`,
      [pgQueue, pgBossJobId(id)],
    );
    return (rowCount ?? 0) > 0;
  }

  async depth(queue: string): Promise<number> {
    const pgQueue = await this.ensureQueue(queue);
    // Our own count: pg-boss's getQueueStats falls back to cached figures for an empty queue.
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND state < 'completed'`,
      [pgQueue],
    );
    return rows[0]!.n;
  }

  async oldestWaitingSeconds(queue: string): Promise<number> {
    const pgQueue = await this.ensureQueue(queue);
    // Runnable since the later of its creation and its start_after (a retry's backoff).
    const { rows } = await this.pool.query<{ s: number | null }>(
      `SELECT extract(epoch FROM now() - min(greatest(created_on, start_after)))::float8 AS s FROM ${PGBOSS_SCHEMA}.job
        WHERE name = $1 AND state IN ('created', 'retry') AND start_after <= now()`,
      [pgQueue],
    );
    return Math.max(0, rows[0]?.s ?? 0);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
    await this.starting?.catch(() => {});
    await this.boss.stop({ graceful: true, timeout: 1000 });
    await this.pool.end();
  }

  /** pg-boss 10+ needs a queue created before use; created once per process, idempotently. */
  private ensureQueue(queue: string): Promise<string> {
    let created = this.queues.get(queue);
    if (!created) {
      assertQueueName(queue);
      const pgQueue = `${this.prefix}.${queue}`;
      created = (async () => {
        await this.start();
        await this.boss.createQueue(pgQueue);
        return pgQueue;
      })();
      created.catch(() => this.queues.delete(queue));
      this.queues.set(queue, created);
    }
    return created;
  }
}

function statusOf(row: PgBoss.JobWithMetadata<unknown>): JobStatus {
  switch (row.state) {
    case 'created':
    case 'retry':
      return new Date(row.startAfter).getTime() > Date.now() ? 'delayed' : 'waiting';
    case 'active':
      return 'active';
    case 'completed':
      return 'completed';
    case 'failed':
    case 'cancelled':
      return 'failed';
    default:
      return 'unknown';
  }
}

export function createPgBossJobQueue(opts: PgBossJobQueueOptions): PgBossJobQueue {
  return new PgBossJobQueue(opts);
}
