import { RESEARCH_COMPLETED, USER_PHONE_VERIFIED, USER_REGISTERED } from '@gnology/contracts';
import { TOPICS } from '@gnology/platform/events/topics';
import type { SubscribeOptions } from '@gnology/platform/events/types';
import { type BillingPlatformDeps, createBillingContext } from '../context';
import { settleResearchCompletion } from '../use-cases/settle-research-completion';
import { onUserPhoneVerified } from './user-phone-verified';
import { onUserRegistered } from './user-registered';

export { onUserPhoneVerified } from './user-phone-verified';
export { onUserRegistered } from './user-registered';

/** Event consumers of the billing service (consumer groups on the bus). */
export function billingConsumers(platform: BillingPlatformDeps): SubscribeOptions[] {
  const deps = createBillingContext(platform);
  return [
    {
      group: 'billing.accounts',
      topics: [TOPICS.auth],
      handler: async (event) => {
        if (event.type === USER_REGISTERED) await onUserRegistered(deps, event);
        // One free trial per verified phone (decision 0211): same topic and key, so after the registration.
        else if (event.type === USER_PHONE_VERIFIED) await onUserPhoneVerified(deps, event);
      },
    },
    {
      // Settles every research request from its completion event (decision 0085).
      group: 'billing.research-usage',
      topics: [TOPICS.research],
      handler: async (event) => {
        if (event.type === RESEARCH_COMPLETED) await settleResearchCompletion(deps, event);
      },
    },
  ];
}
