import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { backoffDelayMs, settlesWithin } from './tuning';
import type { JobHandler, WorkerHandle } from './types';

/** What is stored as pg-boss job data: pg-boss has one job name per queue, so ours travels inside. */
export interface PgBossEnvelope<T = unknown> {
  name: string;
  data: T;
  requestId?: string;
  /** The caller's idempotency key; the pg-boss id is derived from it (pg-boss ids are UUIDs). */
  jobId?: string;
  /** Base of the exponential backoff, applied to the millisecond when a try fails. */
  backoffMs: number;
}

/**
 * What we keep in the job's `output` column: progress while running (pg-boss has no progress of
 * its own, and output is cleaned up with the job by pg-boss's maintenance, unlike a side table),
 * then the handler's result or the error of the last failed try, with the last progress kept.
 */
export interface PgBossOutput {
  progress?: unknown;
  result?: unknown;
  message?: string;
  stack?: string;
  /** pg-boss's own shape when its monitor fails a job whose lease ran out: { value: { message } }. */
  value?: { message?: string };
}

export interface PgBossWorkerOptions {
  boss: PgBoss;
  pool: pg.Pool;
  schema: string;
  /** The pg-boss queue name (prefixed) and the contract's queue name. */
  pgQueue: string;
  queue: string;
  concurrency: number;
  pollIntervalMs: number;
  leaseSeconds: number;
  shutdownTimeoutMs: number;
  logger: Logger;
}

type FetchedJob<T> = PgBoss.JobWithMetadata<PgBossEnvelope<T>>;

/**
 * Works one pg-boss queue with exactly `concurrency` handlers at most. pg-boss 11's own `work()`
 * is not used: its handler timeout fails a job but leaves the handler running while the next job
 * is fetched (more than N at once), it has no lease heartbeat, and offWork() does not wait for
 * running jobs. Instead a loop fetches `batchSize = free slots` and runs each job on its own.
 *
 * Dead workers: a fetched job holds a lease (`expire_seconds` from its start) that a heartbeat
 * keeps extending while the handler runs. When the process dies the heartbeat stops, the lease
 * runs out and pg-boss's monitor (in any running instance) fails the job into `retry`, so it runs
 * again as the next attempt. A run is identified by (id, retry_count): every fetch of a retried job
 * increments retry_count, so a worker that lost its lease can never settle the new run's outcome.
 */
export function startPgBossWorker<T>(opts: PgBossWorkerOptions, handler: JobHandler<T>): WorkerHandle {
  const { boss, pool, schema, pgQueue, queue, concurrency, logger } = opts;
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const heartbeats = new Set<NodeJS.Timeout>();
  let stopping = false;
  // A slot freed (or close) while the loop was busy fetching must not be slept through.
  let woken = false;
  const remember = () => {
    woken = true;
  };
  let wake: () => void = remember;

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const done = () => {
        clearTimeout(timer);
        wake = remember;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  // Our own SQL on pg-boss's job table is limited to what pg-boss 11 has no API for: the lease
  // heartbeat, progress, the ownership check and the millisecond backoff. Each matches one run only.
  const whereRun = `name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`;

  const extendLease = (job: FetchedJob<T>) =>
    pool.query(
      `UPDATE ${schema}.job SET expire_seconds = CEIL(EXTRACT(EPOCH FROM now() - started_on))::int + $4 WHERE ${whereRun}`,
      [pgQueue, job.id, job.retryCount, opts.leaseSeconds],
    );

  const saveProgress = (job: FetchedJob<T>, value: unknown) =>
    pool.query(
      `UPDATE ${schema}.job SET output = COALESCE(output, '{}'::jsonb) || jsonb_build_object('progress', $4::jsonb) WHERE ${whereRun}`,
      [pgQueue, job.id, job.retryCount, JSON.stringify(value)],
    );

  /** Records the outcome of one run, atomically, and only if the run still owns the job. */
  const settle = async (job: FetchedJob<T>, output: PgBossOutput, failed: boolean) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const owned = await client.query(`SELECT 1 FROM ${schema}.job WHERE ${whereRun} FOR UPDATE`, [
        pgQueue,
        job.id,
        job.retryCount,
      ]);
      if (owned.rowCount === 0) {
        await client.query('ROLLBACK');
        logger.warn(
          { jobId: job.id },
          'job lease was lost before the job finished; its outcome is dropped (the job was retried)',
        );
        return;
      }
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      if (!failed) {
        await boss.complete(pgQueue, job.id, output, { db });
      } else {
        await boss.fail(pgQueue, job.id, output, { db });
        // pg-boss's own backoff counts whole seconds with jitter; the contract promises
        // backoffMs * 2^(n-1), the same schedule as BullMQ, so the retry time is set here.
        const delayMs = backoffDelayMs(job.data.backoffMs, job.retryCount + 1);
        await client.query(
          `UPDATE ${schema}.job SET start_after = now() + $3 * interval '1 millisecond' WHERE name = $1 AND id = $2 AND state = 'retry'`,
          [pgQueue, job.id, delayMs],
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };

  const run = async (job: FetchedJob<T>) => {
    const envelope = job.data;
    const attempt = job.retryCount + 1;
    const log = logger.child({
      jobId: envelope.jobId ?? job.id,
      job: envelope.name,
      attempt,
      requestId: envelope.requestId,
    });
    let progress: unknown = null;
    const heartbeat = setInterval(
      () => extendLease(job).catch((err) => log.warn({ err }, 'job lease heartbeat failed')),
      Math.max(200, (opts.leaseSeconds * 1000) / 3),
    );
    heartbeats.add(heartbeat);
    let output: PgBossOutput;
    let failed = false;
    try {
      const result = await handler({
        id: envelope.jobId ?? job.id,
        queue,
        name: envelope.name,
        data: envelope.data,
        attempt,
        requestId: envelope.requestId,
        progress: async (value) => {
          progress = value;
          await saveProgress(job, value);
        },
        signal: shutdown.signal,
      });
      output = { result: result ?? null, progress };
    } catch (err) {
      failed = true;
      const error = err instanceof Error ? err : new Error(String(err));
      output = { message: error.message, stack: error.stack, progress };
      log.warn({ err: error }, 'job failed');
    } finally {
      clearInterval(heartbeat);
      heartbeats.delete(heartbeat);
    }
    try {
      await settle(job, output, failed);
    } catch (err) {
      // Left active: the lease runs out and the monitor retries the job.
      log.error({ err }, 'could not record the job outcome');
    }
  };

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const free = concurrency - running.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<PgBossEnvelope<T>>(pgQueue, { batchSize: free, includeMetadata: true });
          fetched = jobs.length;
          for (const job of jobs) {
            const p: Promise<void> = run(job).finally(() => {
              running.delete(p);
              wake();
            });
            running.add(p);
          }
        } catch (err) {
          logger.error({ err, queue }, 'fetching jobs failed');
        }
      }
      // Nothing waiting, or every slot busy: sleep until a slot frees or the poll interval passes.
      if (!stopping && (fetched === 0 || running.size >= concurrency)) await nap(opts.pollIntervalMs);
    }
  })();

  let closing: Promise<void> | undefined;
  return {
    close: () => {
      closing ??= (async () => {
        stopping = true;
        wake();
        shutdown.abort();
        await loop;
        const drained = await settlesWithin(Promise.allSettled([...running]), opts.shutdownTimeoutMs);
        if (!drained) {
          // Stop extending their leases: the monitor hands the jobs to another worker.
          for (const h of heartbeats) clearInterval(h);
          logger.warn(
            { queue, shutdownTimeoutMs: opts.shutdownTimeoutMs },
            'jobs still running at shutdown deadline; leaving them to be retried',
          );
        }
      })();
      return closing;
    },
  };
}
