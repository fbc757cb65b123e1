import type { Logger } from '../logger';
import type { JobContext, JobQueue, WorkerHandle } from './types';

/**
 * One kind of job a service runs: which queue carries it, its name within the queue, and the
 * handler. Several job names share a queue (and so a worker pool); ops scale by queue.
 */
export interface JobDefinition<T = unknown> {
  queue: string;
  name: string;
  // Method syntax on purpose: parameters of methods are checked bivariantly, so one list can
  // hold definitions whose payload types differ (see defineJob).
  handler?(job: JobContext<T>): Promise<unknown>;
  /** Jobs the queue's worker runs at once. Every job of a queue that sets it must agree. Default 1. */
  concurrency?: number;
}

/** Types one definition's payload: `defineJob<{ photoId: string }>({ queue, name, handler })`. */
export function defineJob<T>(def: JobDefinition<T>): JobDefinition {
  return def as JobDefinition;
}

/** Declares a service's jobs; `startWorkers` checks them when the worker role boots. */
export function defineJobs(defs: JobDefinition[]): JobDefinition[] {
  return defs;
}

export interface StartWorkersOptions {
  /** Work only these queues (a worker Deployment dedicated to e.g. OCR). Default: every queue. */
  only?: string[];
  logger?: Logger;
  /** Told of every finished try (the job metrics). */
  onJobFinished?(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export interface RunningWorkers extends WorkerHandle {
  /** The queues being worked, in declaration order. */
  queues: string[];
}

interface QueuePlan {
  queue: string;
  handlers: Map<string, NonNullable<JobDefinition['handler']>>;
  concurrency: number;
}

/**
 * Starts one worker per queue that dispatches on the job name. Refuses to boot, naming the job,
 * when a declared job has no handler or two definitions, so a missing handler is found at deploy
 * time rather than when its first job fails three times.
 */
export async function startWorkers(
  queue: JobQueue,
  jobs: JobDefinition[],
  opts: StartWorkersOptions = {},
): Promise<RunningWorkers> {
  const plans = plan(jobs);
  const only = opts.only ? new Set(opts.only) : undefined;
  if (only) {
    const unknown = [...only].filter((q) => !plans.some((p) => p.queue === q));
    if (unknown.length)
      throw new Error(
        `Refusing to start workers: no job is declared on queue(s) ${unknown.map((q) => `"${q}"`).join(', ')}`,
      );
  }

  const handles: WorkerHandle[] = [];
  const started: string[] = [];
  try {
    for (const p of plans) {
      if (only && !only.has(p.queue)) continue;
      const handle = await queue.work(
        p.queue,
        async (job) => {
          const handler = p.handlers.get(job.name);
          // A job enqueued under a name this build no longer knows: fail it loudly, it will not fix itself.
          if (!handler) throw new Error(`no handler for job "${job.name}" in queue "${p.queue}"`);
          const started = performance.now();
          try {
            const result = await handler(job);
            opts.onJobFinished?.(p.queue, 'completed', (performance.now() - started) / 1000);
            return result;
          } catch (err) {
            opts.onJobFinished?.(p.queue, 'failed', (performance.now() - started) / 1000);
            throw err;
          }
        },
        { concurrency: p.concurrency },
      );
      handles.push(handle);
      started.push(p.queue);
      opts.logger?.info(
        { queue: p.queue, jobs: [...p.handlers.keys()], concurrency: p.concurrency },
        'job worker started',
      );
    }
  } catch (err) {
    await Promise.allSettled(handles.map((h) => h.close()));
    throw err;
  }

  let closing: Promise<void> | undefined;
  return {
    queues: started,
    close: () => {
      closing ??= Promise.all(handles.map((h) => h.close())).then(() => undefined);
      return closing;
    },
  };
}

/** Groups the definitions by queue, collecting every problem before refusing to boot. */
function plan(jobs: JobDefinition[]): QueuePlan[] {
  const problems: string[] = [];
  const byQueue = new Map<string, JobDefinition[]>();
  for (const def of jobs) {
    if (!def.queue || !def.name) {
      problems.push(
        `a job definition lacks a queue or a name (${JSON.stringify({ queue: def.queue, name: def.name })})`,
      );
      continue;
    }
    const list = byQueue.get(def.queue) ?? [];
    list.push(def);
    byQueue.set(def.queue, list);
  }

  const plans: QueuePlan[] = [];
  for (const [queue, defs] of byQueue) {
    const handlers = new Map<string, NonNullable<JobDefinition['handler']>>();
    const seen = new Map<string, number>();
    for (const def of defs) seen.set(def.name, (seen.get(def.name) ?? 0) + 1);
    for (const [name, count] of seen) {
      if (count > 1) problems.push(`job "${name}" in queue "${queue}" has ${count} handlers`);
    }
    for (const def of defs) {
      if (typeof def.handler !== 'function') problems.push(`job "${def.name}" in queue "${queue}" has no handler`);
      else if (seen.get(def.name) === 1) handlers.set(def.name, def.handler.bind(def));
    }
    const declared = [...new Set(defs.map((d) => d.concurrency).filter((c) => c !== undefined))];
    for (const c of declared) {
      if (!Number.isInteger(c) || c < 1) problems.push(`queue "${queue}" has concurrency ${c}; use a positive integer`);
    }
    if (declared.length > 1) {
      problems.push(
        `jobs of queue "${queue}" declare different concurrency (${declared.join(', ')}); a queue has one worker pool`,
      );
    }
    plans.push({ queue, handlers, concurrency: declared[0] ?? 1 });
  }

  if (problems.length) throw new Error(`Refusing to start workers: ${problems.join('; ')}`);
  return plans;
}
