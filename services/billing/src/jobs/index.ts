import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { BillingPlatformDeps } from '../context';
import { startSweepTimer } from './schedule';
import { sweepJob } from './sweep';

export { startSweepTimer } from './schedule';
export { MAINTENANCE_QUEUE, SWEEP_JOB, sweepJob } from './sweep';

/**
 * Background jobs the billing service's worker role runs: the scheduled maintenance sweep.
 * Only the worker role calls this, so the timer that schedules sweeps runs there.
 */
export function billingJobs(deps: BillingPlatformDeps): JobDefinition[] {
  startSweepTimer(deps);
  return [sweepJob(deps)];
}
