import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { BillingDeps } from '../app';
import { createPayments } from '../payments/stripe';
import { sweep } from '../store/maintenance';
import type { Db } from '../store/schema';

export const MAINTENANCE_QUEUE = 'billing-maintenance';
export const SWEEP_JOB = 'sweep';

/**
 * Enqueues one sweep per interval. The job id names the interval, so however many worker
 * replicas run this timer, each interval's sweep is enqueued once.
 */
export function startSweepTimer(deps: BillingDeps): NodeJS.Timeout {
  const every = deps.config.BILLING_SWEEP_INTERVAL_MS;
  const tick = () => {
    const slot = Math.floor(Date.now() / every);
    deps.queue.enqueue(MAINTENANCE_QUEUE, SWEEP_JOB, { slot }, { jobId: `billing-sweep-${slot}`, attempts: 1 }).catch((err) => {
      deps.logger.warn({ err }, 'could not enqueue the billing sweep');
    });
  };
  const timer = setInterval(tick, every);
  // The queue's own shutdown ends the work; the timer must not keep the process alive.
  timer.unref();
  tick();
  return timer;
}

/**
 * Background jobs the billing service's worker role runs: the maintenance sweep (unsettled
 * reservations expire, periods renew, cancelled subscriptions end, overage goes to Stripe).
 * Only the worker role calls this, so the timer that schedules sweeps runs there.
 */
export function billingJobs(deps: BillingDeps): JobDefinition[] {
  startSweepTimer(deps);
  return [sweepJob(deps)];
}

/** The sweep as a job: one maintenance pass (see store/maintenance.ts). */
export function sweepJob(deps: BillingDeps): JobDefinition {
  const payments = createPayments(deps.config);
  const db = deps.database.db as Db;
  return {
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    handler: async () => {
      const result = await sweep(db, payments, new Date());
      if (result.expired || result.transitions || result.overageReported) deps.logger.info(result, 'billing sweep');
      return result;
    },
  };
}
