import type { Logger } from '../logger';
import type { JobQueue } from './types';

/**
 * Runs a job once per interval on the platform's queue, which has no repeat of its own: each tick
 * enqueues one job whose id names the interval (`<name>-<slot>`), and the queue ignores a second
 * enqueue of an id, so however many worker replicas run this timer, each interval's job runs once.
 * The timer never keeps the process alive: the queue's own shutdown ends the work.
 */
export function scheduleEveryInterval(
  deps: { queue: Pick<JobQueue, 'enqueue'>; logger: Pick<Logger, 'warn'> },
  job: { queue: string; name: string; everyMs: number; idPrefix: string },
): NodeJS.Timeout {
  const tick = () => {
    const slot = Math.floor(Date.now() / job.everyMs);
    deps.queue
      .enqueue(job.queue, job.name, { slot }, { jobId: `${job.idPrefix}-${slot}`, attempts: 1 })
      .catch((err) => {
        deps.logger.warn({ err }, `could not enqueue ${job.idPrefix}`);
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  tick();
  return timer;
}
