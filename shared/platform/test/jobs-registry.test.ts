import { describe, expect, it } from 'vitest';
import { defineJob, defineJobs, startWorkers } from '../src/jobs/registry';
import type { JobContext, JobHandler, JobQueue, WorkerHandle } from '../src/jobs/types';

/** A JobQueue that records the workers started on it; no servers. */
function recordingQueue(opts: { failOn?: string } = {}) {
  const workers: { queue: string; handler: JobHandler; concurrency?: number; closed: boolean }[] = [];
  const queue: JobQueue = {
    backend: 'pg-boss',
    enqueue: async () => 'id',
    work: async <T>(name: string, handler: JobHandler<T>, o?: { concurrency?: number }): Promise<WorkerHandle> => {
      if (name === opts.failOn) throw new Error(`cannot work ${name}`);
      const w = { queue: name, handler: handler as JobHandler, concurrency: o?.concurrency, closed: false };
      workers.push(w);
      return {
        close: async () => {
          w.closed = true;
        },
      };
    },
    getJob: async () => null,
    depth: async () => 0,
    oldestWaitingSeconds: async () => 0,
    ping: async () => {},
    close: async () => {},
  };
  return { queue, workers };
}

function context(queue: string, name: string, data: unknown = {}): JobContext {
  return { id: 'j1', queue, name, data, attempt: 1, progress: async () => {}, signal: new AbortController().signal };
}

const noop = async () => undefined;

describe('startWorkers', () => {
  it('starts one worker per queue and dispatches each job to the handler of its name', async () => {
    const { queue, workers } = recordingQueue();
    const jobs = defineJobs([
      defineJob<{ page: number }>({
        queue: 'ocr',
        name: 'ocr.page',
        handler: async (job) => `page ${job.data.page}`,
        concurrency: 2,
      }),
      { queue: 'ocr', name: 'ocr.document', handler: async () => 'document' },
      { queue: 'render', name: 'render.pdf', handler: async () => 'pdf' },
    ]);

    const running = await startWorkers(queue, jobs);

    expect(running.queues).toEqual(['ocr', 'render']);
    expect(workers.map((w) => [w.queue, w.concurrency])).toEqual([
      ['ocr', 2],
      ['render', 1],
    ]);
    const ocr = workers[0]!.handler;
    await expect(ocr(context('ocr', 'ocr.page', { page: 7 }))).resolves.toBe('page 7');
    await expect(ocr(context('ocr', 'ocr.document'))).resolves.toBe('document');
  });

  it('fails a job whose name has no handler in its queue', async () => {
    const { queue, workers } = recordingQueue();
    await startWorkers(queue, [{ queue: 'ocr', name: 'ocr.page', handler: noop }]);
    await expect(async () => workers[0]!.handler(context('ocr', 'render.pdf'))).rejects.toThrow(
      'no handler for job "render.pdf" in queue "ocr"',
    );
  });

  it('refuses to boot, naming the job, when a declared job has no handler', async () => {
    const { queue, workers } = recordingQueue();
    const jobs = defineJobs([
      { queue: 'ocr', name: 'ocr.page', handler: noop },
      { queue: 'ocr', name: 'ocr.document' },
    ]);
    await expect(startWorkers(queue, jobs)).rejects.toThrow('job "ocr.document" in queue "ocr" has no handler');
    expect(workers).toEqual([]);
  });

  it('refuses to boot, naming the job, when a job has two handlers', async () => {
    const { queue, workers } = recordingQueue();
    const jobs = defineJobs([
      { queue: 'ocr', name: 'ocr.page', handler: noop },
      { queue: 'ocr', name: 'ocr.page', handler: noop },
    ]);
    await expect(startWorkers(queue, jobs)).rejects.toThrow('job "ocr.page" in queue "ocr" has 2 handlers');
    expect(workers).toEqual([]);
  });

  it('allows the same job name in different queues', async () => {
    const { queue, workers } = recordingQueue();
    await startWorkers(queue, [
      { queue: 'a', name: 'cleanup', handler: async () => 'a' },
      { queue: 'b', name: 'cleanup', handler: async () => 'b' },
    ]);
    await expect(workers[1]!.handler(context('b', 'cleanup'))).resolves.toBe('b');
  });

  it('refuses jobs of one queue that ask for different concurrency', async () => {
    const { queue } = recordingQueue();
    const jobs = [
      { queue: 'media', name: 'thumbnail', handler: noop, concurrency: 4 },
      { queue: 'media', name: 'pdf', handler: noop, concurrency: 1 },
    ];
    await expect(startWorkers(queue, jobs)).rejects.toThrow(
      'jobs of queue "media" declare different concurrency (4, 1)',
    );
  });

  it('works only the queues it is told to', async () => {
    const { queue, workers } = recordingQueue();
    const jobs = [
      { queue: 'ocr', name: 'ocr.page', handler: noop },
      { queue: 'render', name: 'render.pdf', handler: noop },
    ];
    const running = await startWorkers(queue, jobs, { only: ['render'] });
    expect(running.queues).toEqual(['render']);
    expect(workers.map((w) => w.queue)).toEqual(['render']);
  });

  it('refuses an `only` queue on which no job is declared', async () => {
    const { queue } = recordingQueue();
    await expect(
      startWorkers(queue, [{ queue: 'ocr', name: 'ocr.page', handler: noop }], { only: ['orc'] }),
    ).rejects.toThrow('no job is declared on queue(s) "orc"');
  });

  it('closes every worker it started', async () => {
    const { queue, workers } = recordingQueue();
    const running = await startWorkers(queue, [
      { queue: 'ocr', name: 'ocr.page', handler: noop },
      { queue: 'render', name: 'render.pdf', handler: noop },
    ]);
    await running.close();
    expect(workers.map((w) => w.closed)).toEqual([true, true]);
  });

  it('closes the workers already started when a later one cannot start', async () => {
    const { queue, workers } = recordingQueue({ failOn: 'render' });
    await expect(
      startWorkers(queue, [
        { queue: 'ocr', name: 'ocr.page', handler: noop },
        { queue: 'render', name: 'render.pdf', handler: noop },
      ]),
    ).rejects.toThrow('cannot work render');
    expect(workers.map((w) => [w.queue, w.closed])).toEqual([['ocr', true]]);
  });
});
