import type { DocumentsDeps } from '../context';
import { MAINTENANCE_QUEUE, SWEEP_JOB } from './sweep';

/**
 * Schedules the sweep on the platform's queue, which has no repeat of its own: one job per
 * interval, whose job id names the interval, so however many worker replicas run this timer,
 * each interval's sweep is enqueued and run once (the billing sweep's pattern).
 */
export function startSweepTimer(deps: Pick<DocumentsDeps, 'queue' | 'logger' | 'config'>): NodeJS.Timeout {
  const every = deps.config.DOCUMENTS_SWEEP_INTERVAL_MS;
  const tick = () => {
    const slot = Math.floor(Date.now() / every);
    deps.queue.enqueue(MAINTENANCE_QUEUE, SWEEP_JOB, { slot }, { jobId: `documents-sweep-${slot}`, attempts: 1 }).catch((err) => {
      deps.logger.warn({ err }, 'could not enqueue the documents sweep');
    });
  };
  const timer = setInterval(tick, every);
  // The queue's own shutdown ends the work; the timer must not keep the process alive.
  timer.unref();
  tick();
  return timer;
}
