import { scheduleEveryInterval } from '@gnology/platform/jobs/interval-schedule';
import type { BillingPlatformDeps } from '../context';
import { MAINTENANCE_QUEUE, SWEEP_JOB } from './sweep';

/** The billing sweep, once per interval whatever the number of worker replicas. */
export function startSweepTimer(deps: Pick<BillingPlatformDeps, 'config' | 'queue' | 'logger'>): NodeJS.Timeout {
  return scheduleEveryInterval(deps, {
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    everyMs: deps.config.BILLING_SWEEP_INTERVAL_MS,
    idPrefix: 'billing-sweep',
  });
}
