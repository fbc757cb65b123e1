import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import { type BillingPlatformDeps, createBillingContext } from '../context';
import { sweep } from '../use-cases/sweep';

export const MAINTENANCE_QUEUE = 'billing-maintenance';
export const SWEEP_JOB = 'sweep';

/**
 * The maintenance sweep as a job (use-cases/sweep.ts): unsettled reservations expire, periods
 * renew, cancelled subscriptions end, overage goes to Stripe.
 */
export function sweepJob(platform: BillingPlatformDeps): JobDefinition {
  const deps = createBillingContext(platform);
  return defineJob({
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    handler: async () => {
      const result = await sweep(deps, new Date());
      if (result.expired || result.transitions || result.overageReported) deps.logger.info(result, 'billing sweep');
      return result;
    },
  });
}
