import { RESEARCH_COMPLETED, USER_REGISTERED } from '@gnology/contracts';
import { handleOnce } from '@gnology/platform/events/inbox';
import { TOPICS } from '@gnology/platform/events/topics';
import type { CloudEventJson, SubscribeOptions } from '@gnology/platform/events/types';
import { z } from 'zod';
import type { BillingDeps } from '../app';
import type { Trx } from '../store/schema';
import { openRegisteredAccount } from '../store/subscriptions';
import { onResearchCompleted } from './research-completed';

/** The fields billing needs of auth's `user.registered` (the full schema lives in contracts/events/auth). */
const Registered = z.object({
  userId: z.string().min(1),
  email: z.string(),
  name: z.string().nullable().optional(),
  isTestUser: z.boolean().optional(),
  registeredAt: z.string().optional(),
});

/** Opens the new user's account (trial, or test for test users) when auth announces the registration. */
export async function onUserRegistered(deps: BillingDeps, event: CloudEventJson, now = new Date()): Promise<boolean> {
  const data = Registered.parse(event.data);
  return handleOnce(deps.database.db, 'billing.user-registered', event.id, (trx) =>
    openRegisteredAccount(
      trx as Trx,
      {
        userId: data.userId,
        email: data.email,
        name: data.name ?? null,
        isTestUser: data.isTestUser ?? false,
        registeredAt: new Date(data.registeredAt ?? event.time),
      },
      now,
    ),
  );
}

/** Event consumers of the billing service (consumer groups on the bus). */
export function billingConsumers(deps: BillingDeps): SubscribeOptions[] {
  return [
    {
      group: 'billing.accounts',
      topics: [TOPICS.auth],
      handler: async (event) => {
        if (event.type === USER_REGISTERED) await onUserRegistered(deps, event);
      },
    },
    {
      // Settles every research request from its completion event (decision 0085).
      group: 'billing.research-usage',
      topics: [TOPICS.research],
      handler: async (event) => {
        if (event.type === RESEARCH_COMPLETED) await onResearchCompleted(deps, event);
      },
    },
  ];
}
