import type { JobDefinition } from '@gnology/platform/jobs/registry';
import type { BillingDeps } from '../app';

/** Background jobs the billing service's worker role runs. */
export function billingJobs(_deps: BillingDeps): JobDefinition[] {
  return [];
}
