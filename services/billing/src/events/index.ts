import type { SubscribeOptions } from '@gnology/platform/events/types';
import type { BillingDeps } from '../app';

/** Event consumers of the billing service (consumer groups on the bus). */
export function billingConsumers(_deps: BillingDeps): SubscribeOptions[] {
  return [];
}
