import { type ConnectionOptions, type Job, type Metrics, MetricsTime, Queue, Worker } from 'bullmq';
import type { Logger } from '../logger';
import { assertJobId, assertQueueName, jobPriority } from './naming';
import { normaliseProgress } from './progress';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  type JobQueueTuning,
  settlesWithin,
} from './tuning';
import type { EnqueueOptions, JobHandler, JobQueue, JobState, JobStatus, WorkerHandle } from './types';

export interface BullMqJobQueueOptions extends JobQueueTuning {
  redisUrl: string;
  /** Redis key prefix; tests use a unique one each. Default 'gnology'. */
  prefix?: string;
  logger: Logger;
}

/** What is stored as BullMQ job data: the payload plus what the handler needs besides it. */
interface Envelope<T = unknown> {
  data: T;
  requestId?: string;
}

// Finished jobs stay visible to getJob for a while (status pages, debugging), then Redis forgets them.
const KEEP_COMPLETED = { age: 24 * 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 24 * 3600, count: 5000 };
const PING_TIMEOUT_MS = 2000;

const STATUS: Record<string, JobStatus> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  active: 'active',
  delayed: 'delayed',
  completed: 'completed',
  failed: 'failed',
};

/** JobQueue over BullMQ 5: the production backend when REDIS_URL is set. */
export class BullMqJobQueue implements JobQueue {
  readonly backend = 'bullmq' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Set<WorkerHandle>();
  // BullMQ requires maxRetriesPerRequest: null on the connections workers block on; one config for all.
  private readonly connection: ConnectionOptions;
  private readonly prefix: string;

  constructor(private readonly opts: BullMqJobQueueOptions) {
    this.connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
    this.prefix = opts.prefix ?? 'gnology';
  }

  async enqueue<T>(queue: string, name: string, data: T, opts: EnqueueOptions = {}): Promise<string> {
    if (opts.jobId !== undefined) assertJobId(opts.jobId);
    const envelope: Envelope<T> = { data, requestId: opts.requestId };
    // With an existing jobId BullMQ returns the existing job instead of adding one: idempotency.
    const job = await this.queue(queue).add(name, envelope, {
      jobId: opts.jobId,
      attempts: opts.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
      ...(opts.priority !== undefined ? { priority: jobPriority(opts.priority) } : {}),
    });
    return job.id!;
  }

  async work<T>(queue: string, handler: JobHandler<T>, opts: { concurrency?: number } = {}): Promise<WorkerHandle> {
    assertQueueName(queue);
    const log = this.opts.logger.child({ queue });
    // One signal per worker: aborted on close so long jobs can stop and let the retry resume.
    const shutdown = new AbortController();
    const worker = new Worker<Envelope<T>>(
      queue,
      async (job: Job<Envelope<T>>) =>
        handler({
          id: job.id!,
          queue,
          name: job.name,
          data: job.data.data,
          attempt: job.attemptsMade + 1,
          requestId: job.data.requestId,
          progress: (value) => job.updateProgress(value),
          signal: shutdown.signal,
        }),
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: opts.concurrency ?? 1,
        // Unset keeps BullMQ's defaults (30 s); a dead worker's job is re-queued by the stalled
        // check of any other worker once its lock lapses. (BullMQ throws on an explicit undefined.)
        ...(this.opts.lockDurationMs ? { lockDuration: this.opts.lockDurationMs } : {}),
        ...(this.opts.stalledIntervalMs ? { stalledInterval: this.opts.stalledIntervalMs } : {}),
        maxStalledCount: Math.max(1, this.opts.maxStalledCount ?? 1),
        metrics: { maxDataPoints: MetricsTime.ONE_WEEK },
      },
    );
    worker.on('error', (err) => log.error({ err }, 'job worker error'));
    worker.on('failed', (job, err) => {
      log.warn(
        { err, jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, requestId: job?.data.requestId },
        'job failed',
      );
    });
    await worker.waitUntilReady();

    const shutdownTimeoutMs = this.opts.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
    let closing: Promise<void> | undefined;
    const handle: WorkerHandle = {
      close: () => {
        closing ??= (async () => {
          shutdown.abort();
          // pause(false) stops fetching and waits for running jobs; past the deadline close by force:
          // the abandoned jobs' locks lapse and another worker's stalled check re-queues them.
          const pausing = worker.pause(false);
          pausing.catch(() => {});
          const drained = await settlesWithin(pausing, shutdownTimeoutMs);
          if (!drained)
            log.warn({ shutdownTimeoutMs }, 'jobs still running at shutdown deadline; leaving them to be retried');
          await worker.close(!drained);
          this.workers.delete(handle);
        })();
        return closing;
      },
    };
    this.workers.add(handle);
    return handle;
  }

  async getJob(queue: string, id: string): Promise<JobState | null> {
    const q = this.queue(queue);
    // State first, then the job: read the other way round, a job finishing in between would
    // show as completed without its result.
    const state = await q.getJobState(id);
    const job = state === 'unknown' ? undefined : await q.getJob(id);
    if (!job) return null;
    return {
      id: job.id!,
      name: job.name,
      status: STATUS[state] ?? 'unknown',
      attemptsMade: job.attemptsMade,
      progress: normaliseProgress(job.progress),
      failedReason: job.failedReason || null,
      result: job.returnvalue ?? undefined,
    };
  }

  async removeWaiting(queue: string, id: string): Promise<boolean> {
    const q = this.queue(queue);
    const state = await q.getJobState(id);
    if (state !== 'waiting' && state !== 'prioritized' && state !== 'delayed') return false;
    // BullMQ leaves a job a worker has locked (started in between) where it is: 0.
    return (await q.remove(id)) === 1;
  }

  async depth(queue: string): Promise<number> {
    const counts = await this.queue(queue).getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  async oldestWaitingSeconds(queue: string): Promise<number> {
    const q = this.queue(queue);
    // The wait list is FIFO (its oldest is one read); prioritised jobs are ordered by priority,
    // so the lowest-priority end, which waits longest, is sampled.
    const [oldestWaiting, lowPriority] = await Promise.all([
      q.getJobs(['waiting'], 0, 0, true),
      q.getJobs(['prioritized'], -50, -1),
    ]);
    const since = [...oldestWaiting, ...lowPriority].filter(Boolean).map((j) => j.timestamp + (j.opts.delay ?? 0));
    return since.length ? Math.max(0, (Date.now() - Math.min(...since)) / 1000) : 0;
  }

  /** BullMQ's own per-minute completed/failed counts (collected by the workers), for dashboards. */
  async getMetrics(queue: string, type: 'completed' | 'failed'): Promise<Metrics> {
    return this.queue(queue).getMetrics(type);
  }

  /** Removes a queue and every job in it, running ones included (tests, ops clean-up). */
  async obliterate(queue: string): Promise<void> {
    await this.queue(queue).obliterate({ force: true });
  }

  async ping(): Promise<void> {
    // With maxRetriesPerRequest: null a command waits for Redis forever; readiness must answer.
    const client = await this.queue('health').client;
    // A one-key read is the cheapest round trip BullMQ's client adapter offers (it has no PING).
    const answered = await settlesWithin(client.get(`${this.prefix}:health`), PING_TIMEOUT_MS);
    if (!answered) throw new Error(`Redis did not answer PING within ${PING_TIMEOUT_MS} ms`);
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      assertQueueName(name);
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (err) => this.opts.logger.error({ err, queue: name }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }
}

export function createBullMqJobQueue(opts: BullMqJobQueueOptions): BullMqJobQueue {
  return new BullMqJobQueue(opts);
}
