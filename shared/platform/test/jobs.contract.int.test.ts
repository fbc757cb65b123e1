import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, requireInfra, type TestDatabase, uniqueName } from '@gnology/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BullMqJobQueue } from '../src/jobs/bullmq-queue';
import { PgBossJobQueue } from '../src/jobs/pgboss-queue';
import { settlesWithin } from '../src/jobs/tuning';
import type { JobContext, JobQueue, JobState } from '../src/jobs/types';
import { createLogger } from '../src/logger';
import { deferred, waitFor } from './fixtures/jobs-helpers';
import { FAST_TUNING } from './fixtures/jobs-tuning';

/**
 * The JobQueue contract, one suite body run against both backends: BullMQ on a real Redis
 * (unique key prefix per test) and pg-boss on a real Postgres (a fresh database for this file,
 * unique queue prefix per test).
 */

const CRASH_WORKER = fileURLToPath(new URL('./fixtures/jobs-crash-worker.ts', import.meta.url));
const logger = createLogger({ service: 'jobs-contract-test', level: process.env.LOG_LEVEL ?? 'silent' });

interface Backend {
  name: 'bullmq' | 'pg-boss';
  /** pg-boss counts a run lost with its worker as a try (attempt 2 next); BullMQ re-queues it as the same try. */
  countsCrashAsAttempt: boolean;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  make(prefix: string): JobQueue;
  /** Environment for the crash-worker child process. */
  childEnv(prefix: string): Record<string, string>;
  cleanup(queue: JobQueue, names: string[]): Promise<void>;
}

let database: TestDatabase | undefined;

const backends: Backend[] = [
  {
    name: 'bullmq',
    countsCrashAsAttempt: false,
    setup: async () => {
      requireInfra('REDIS_URL');
    },
    teardown: async () => {},
    make: (prefix) => new BullMqJobQueue({ redisUrl: requireInfra('REDIS_URL'), prefix, logger, ...FAST_TUNING }),
    childEnv: (prefix) => ({ JOBS_BACKEND: 'bullmq', REDIS_URL: requireInfra('REDIS_URL'), JOBS_PREFIX: prefix }),
    // Unique prefixes keep tests apart; removing the keys keeps the test Redis from filling up.
    cleanup: async (queue, names) => {
      for (const name of names) await (queue as BullMqJobQueue).obliterate(name);
    },
  },
  {
    name: 'pg-boss',
    countsCrashAsAttempt: true,
    setup: async () => {
      database = await createTestDatabase('gn_jobs');
    },
    teardown: async () => {
      await database?.drop();
    },
    make: (prefix) => new PgBossJobQueue({ databaseUrl: database!.url, prefix, logger, ...FAST_TUNING }),
    childEnv: (prefix) => ({ JOBS_BACKEND: 'pg-boss', DATABASE_URL: database!.url, JOBS_PREFIX: prefix }),
    // The whole database is dropped after the suite.
    cleanup: async () => {},
  },
];

describe.each(backends)('JobQueue contract on $name', (backend) => {
  let queue: JobQueue;
  let prefix: string;
  const used: string[] = [];
  const children: ChildProcess[] = [];

  /** A queue name for this test, remembered for clean-up. */
  const queueName = (base: string) => {
    used.push(base);
    return base;
  };
  const stateOf = (name: string, id: string) => queue.getJob(name, id);
  const waitForStatus = (name: string, id: string, status: JobState['status'], timeoutMs?: number) =>
    waitFor(
      `job ${id} to be ${status}`,
      async () => {
        const s = await stateOf(name, id);
        return s?.status === status ? s : undefined;
      },
      timeoutMs,
    );

  beforeAll(() => backend.setup());
  afterAll(() => backend.teardown());

  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await backend.cleanup(queue, used.splice(0));
    await queue.close();
  });

  const fresh = () => {
    prefix = uniqueName('jt');
    queue = backend.make(prefix);
    return queue;
  };

  it('runs an enqueued job once and shows its result', async () => {
    const q = fresh();
    const name = queueName('echo');
    const id = await q.enqueue(name, 'echo', { hello: 'world' }, { requestId: 'req-123' });

    expect(await q.getJob(name, id)).toMatchObject({
      id,
      name: 'echo',
      status: 'waiting',
      attemptsMade: 0,
      progress: null,
      failedReason: null,
    });
    expect(await q.depth(name)).toBe(1);

    const seen: Omit<JobContext, 'progress' | 'signal'>[] = [];
    await q.work<{ hello: string }>(name, async ({ progress: _p, signal: _s, ...job }) => {
      seen.push(job);
      return { echoed: job.data };
    });

    const done = await waitForStatus(name, id, 'completed');
    expect(done).toMatchObject({
      id,
      name: 'echo',
      attemptsMade: 1,
      failedReason: null,
      result: { echoed: { hello: 'world' } },
    });
    expect(seen).toEqual([
      { id, queue: name, name: 'echo', data: { hello: 'world' }, attempt: 1, requestId: 'req-123' },
    ]);
    expect(await q.depth(name)).toBe(0);
    expect(await q.getJob(name, 'no-such-job')).toBeNull();
    queueName('health'); // BullMQ's ping() goes through a 'health' queue handle; clean it up too.
    await expect(q.ping()).resolves.toBeUndefined();
  });

  it('retries a failing job with growing backoff, then marks it failed with its error', async () => {
    const q = fresh();
    const name = queueName('flaky');
    const backoffMs = 500;
    const tries: { attempt: number; at: number }[] = [];
    const id = await q.enqueue(name, 'always-fails', {}, { attempts: 3, backoffMs });
    await q.work(name, async (job) => {
      tries.push({ attempt: job.attempt, at: Date.now() });
      throw new Error(`boom on try ${job.attempt}`);
    });

    const failed = await waitForStatus(name, id, 'failed');
    expect(failed).toMatchObject({ attemptsMade: 3, failedReason: 'boom on try 3' });
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    const firstGap = tries[1]!.at - tries[0]!.at;
    const secondGap = tries[2]!.at - tries[1]!.at;
    // Exponential: the n-th retry waits at least backoffMs * 2^(n-1).
    expect(firstGap).toBeGreaterThanOrEqual(backoffMs);
    expect(secondGap).toBeGreaterThanOrEqual(2 * backoffMs);
    expect(secondGap).toBeGreaterThan(firstGap);
  });

  it('runs a job again when its worker process is killed mid-job', async () => {
    const q = fresh();
    const name = queueName('crashy');
    const id = await q.enqueue(name, 'slow', { page: 1 }, { jobId: 'crash-1' });

    const child = spawn(process.execPath, ['--import', 'tsx', CRASH_WORKER], {
      env: { ...process.env, ...backend.childEnv(prefix), JOBS_QUEUE: name },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));

    await waitFor(
      `the child worker to start job ${id} (output so far: ${output})`,
      () => output.includes(`started ${id} 1`),
      40_000,
    );
    expect(await q.getJob(name, id)).toMatchObject({ status: 'active' });
    child.kill('SIGKILL');
    await exited;

    const runs: number[] = [];
    await q.work<{ page: number }>(name, async (job) => {
      runs.push(job.attempt);
      return { recoveredPage: job.data.page };
    });
    const done = await waitForStatus(name, id, 'completed', 30_000);
    expect(done.result).toEqual({ recoveredPage: 1 });
    expect(runs).toEqual([backend.countsCrashAsAttempt ? 2 : 1]);
  });

  it('never runs more jobs at once than the configured concurrency', async () => {
    const q = fresh();
    const name = queueName('busy');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await q.enqueue(name, 'slow', { i }));

    let running = 0;
    let most = 0;
    const pairRan = deferred();
    await q.work(
      name,
      async () => {
        running++;
        most = Math.max(most, running);
        if (running === 2) pairRan.resolve();
        // Hold each job until two have overlapped, so "two ran together" is not left to timing; a
        // worker that ignored the limit would start all six while the first ones wait here.
        await settlesWithin(pairRan.promise, 10_000);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      },
      { concurrency: 2 },
    );

    await waitFor('all six jobs to complete', async () => {
      const states = await Promise.all(ids.map((id) => q.getJob(name, id)));
      return states.every((s) => s?.status === 'completed');
    });
    expect(most).toBe(2);
  });

  it('reports how long the oldest runnable job has waited, prioritised ones included, and 0 once the queue is worked', async () => {
    const q = fresh();
    const name = queueName('aged');
    expect(await q.oldestWaitingSeconds(name)).toBe(0);
    await q.enqueue(name, 'job', { label: 'plain' });
    await q.enqueue(name, 'job', { label: 'ranked' }, { priority: 5 });
    await new Promise((r) => setTimeout(r, 1_200));
    const age = await q.oldestWaitingSeconds(name);
    expect(age).toBeGreaterThanOrEqual(1);
    expect(age).toBeLessThan(60);
    await q.work(name, async () => 'ok');
    await expect.poll(() => q.depth(name), { timeout: 20_000 }).toBe(0);
    expect(await q.oldestWaitingSeconds(name)).toBe(0);
  });

  it('runs waiting jobs by priority: none first, then 1, then larger numbers', async () => {
    const q = fresh();
    const name = queueName('ranked');
    // Enqueued before any worker exists, in the opposite of the order they must run in.
    await q.enqueue(name, 'job', { label: 'p40' }, { priority: 40 });
    await q.enqueue(name, 'job', { label: 'p3' }, { priority: 3 });
    await q.enqueue(name, 'job', { label: 'p1' }, { priority: 1 });
    await q.enqueue(name, 'job', { label: 'none' });
    expect(await q.depth(name)).toBe(4);

    const order: string[] = [];
    await q.work<{ label: string }>(name, async (job) => {
      order.push(job.data.label);
    });
    await waitFor('all four jobs to run', async () => order.length === 4 || undefined);
    expect(order).toEqual(['none', 'p1', 'p3', 'p40']);
  });

  it('reports progress while the job runs and keeps the last value after', async () => {
    const q = fresh();
    const name = queueName('progress');
    const id = await q.enqueue(name, 'ocr', {});
    const halfwayChecked = deferred();
    const stepChecked = deferred();
    await q.work(name, async (job) => {
      await job.progress(40);
      await halfwayChecked.promise;
      await job.progress({ step: 'ocr', page: 3, of: 12 });
      await stepChecked.promise;
      return 'read';
    });

    const halfway = await waitFor('progress 40', async () => {
      const s = await q.getJob(name, id);
      return s?.progress === 40 ? s : undefined;
    });
    expect(halfway.status).toBe('active');
    halfwayChecked.resolve();

    const step = await waitFor('progress object', async () => {
      const s = await q.getJob(name, id);
      return typeof s?.progress === 'object' && s.progress !== null ? s : undefined;
    });
    expect(step).toMatchObject({ status: 'active', progress: { step: 'ocr', page: 3, of: 12 } });
    stepChecked.resolve();

    const done = await waitForStatus(name, id, 'completed');
    expect(done).toMatchObject({ result: 'read', progress: { step: 'ocr', page: 3, of: 12 } });
  });

  it('removes a job that waits (waiting or prioritised), and leaves a running one to finish', async () => {
    const q = fresh();
    const name = queueName('removable');
    const running = await q.enqueue(name, 'read', { n: 1 }, { jobId: 'doc-running' });
    const waiting = await q.enqueue(name, 'read', { n: 2 }, { jobId: 'doc-waiting' });
    const prioritised = await q.enqueue(name, 'read', { n: 3 }, { jobId: 'doc-prioritised', priority: 5 });
    const started = deferred<void>();
    const release = deferred<void>();
    const seen: string[] = [];
    await q.work(
      name,
      async (job) => {
        seen.push(job.id);
        started.resolve();
        await release.promise;
        return 'read';
      },
      { concurrency: 1 },
    );
    await started.promise;
    expect(seen).toEqual([running]);
    expect(await q.removeWaiting!(name, waiting)).toBe(true);
    expect(await q.removeWaiting!(name, prioritised)).toBe(true);
    expect(await q.getJob(name, waiting)).toBeNull();
    expect(await q.getJob(name, prioritised)).toBeNull();
    // A running job, or one there is none of, is not removed.
    expect(await q.removeWaiting!(name, running)).toBe(false);
    expect(await q.removeWaiting!(name, 'no-such-job')).toBe(false);
    release.resolve();
    expect(await waitForStatus(name, running, 'completed')).toMatchObject({ result: 'read' });
    expect(await q.depth(name)).toBe(0);
    expect(seen).toEqual([running]);
  });

  it('keeps one job when the same jobId is enqueued twice', async () => {
    const q = fresh();
    const name = queueName('thumbs');
    const first = await q.enqueue(name, 'thumbnail', { version: 1 }, { jobId: 'photo-42.thumbnail' });
    const second = await q.enqueue(name, 'thumbnail', { version: 2 }, { jobId: 'photo-42.thumbnail' });
    expect(first).toBe('photo-42.thumbnail');
    expect(second).toBe(first);
    expect(await q.depth(name)).toBe(1);

    const seen: unknown[] = [];
    await q.work(name, async (job) => {
      seen.push(job.data);
      return job.id;
    });
    const done = await waitForStatus(name, first, 'completed');
    expect(done).toMatchObject({ id: first, result: first });
    expect(seen).toEqual([{ version: 1 }]);
  });

  it('aborts the signal on close and waits for the running job to finish', async () => {
    const q = fresh();
    const name = queueName('shutdown');
    const id = await q.enqueue(name, 'long', {});
    const started = deferred();
    let finished = false;
    const worker = await q.work(name, async (job) => {
      started.resolve();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
      await new Promise((r) => setTimeout(r, 50));
      finished = true;
      return 'stopped cleanly';
    });
    await started.promise;

    await worker.close();
    expect(finished).toBe(true);
    expect(await q.getJob(name, id)).toMatchObject({ status: 'completed', result: 'stopped cleanly' });
  });

  it('rejects job ids and queue names one backend could not store', async () => {
    const q = fresh();
    await expect(q.enqueue(queueName('ids'), 'x', {}, { jobId: 'photo:42' })).rejects.toThrow(/invalid jobId/);
    await expect(q.enqueue(queueName('ids'), 'x', {}, { jobId: '42' })).rejects.toThrow(/invalid jobId/);
    await expect(q.enqueue("bad'queue", 'x', {})).rejects.toThrow(/invalid queue name/);
  });
});
