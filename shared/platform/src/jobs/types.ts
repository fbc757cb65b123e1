/** What a job handler receives. */
export interface JobContext<T = unknown> {
  id: string;
  queue: string;
  name: string;
  data: T;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** Request id of the HTTP request that enqueued the job, carried into logs. */
  requestId?: string;
  /** Reports progress (a number 0-100 or a small object such as {step:'ocr', page:3, of:12}). */
  progress(value: number | Record<string, unknown>): Promise<void>;
  /** Aborted when the worker is shutting down; long jobs should stop and let the retry resume. */
  signal: AbortSignal;
}

export type JobHandler<T = unknown> = (job: JobContext<T>) => Promise<unknown>;

export interface EnqueueOptions {
  /** Total tries including the first. Default 3. */
  attempts?: number;
  /** Base delay of exponential backoff between tries, in ms. Default 1000. */
  backoffMs?: number;
  /** Idempotency: a second enqueue with the same id is ignored while the first exists. */
  jobId?: string;
  requestId?: string;
  /**
   * Order among waiting jobs of the queue: 1 runs first, larger numbers later (BullMQ's sense,
   * 1..2,097,152). A job without one runs before every job that has one, in both backends.
   */
  priority?: number;
}

export type JobStatus = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed' | 'unknown';

export interface JobState {
  id: string;
  name: string;
  status: JobStatus;
  /** Tries that have finished (succeeded or failed); a job running its first try has 0. */
  attemptsMade: number;
  /** The last value passed to `progress()`; null when none was reported (BullMQ cannot tell 0 from none, so 0 reads as null). */
  progress: number | Record<string, unknown> | null;
  failedReason: string | null;
  result?: unknown;
}

export interface WorkerHandle {
  /** Stops taking jobs, waits for running ones (up to the shutdown deadline). */
  close(): Promise<void>;
}

/**
 * Background jobs: BullMQ on Redis in production (`REDIS_URL`), pg-boss queues embedded.
 */
export interface JobQueue {
  readonly backend: 'bullmq' | 'pg-boss';
  enqueue<T>(queue: string, name: string, data: T, opts?: EnqueueOptions): Promise<string>;
  work<T>(queue: string, handler: JobHandler<T>, opts?: { concurrency?: number }): Promise<WorkerHandle>;
  getJob(queue: string, id: string): Promise<JobState | null>;
  /**
   * Removes a job that has not started (waiting or delayed): true when one was removed; false
   * when there is none, or it runs or has finished (a running job is left to stop on its own).
   */
  removeWaiting?(queue: string, id: string): Promise<boolean>;
  /** Jobs waiting + active, for the queue-depth metric. */
  depth(queue: string): Promise<number>;
  /** Seconds the oldest runnable job has been waiting (0 when none waits): the backlog-age alert. */
  oldestWaitingSeconds(queue: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
