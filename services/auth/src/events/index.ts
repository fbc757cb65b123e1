import { SUBSCRIPTION_CHANGED } from '@gnology/contracts';
import { handleOnce } from '@gnology/platform/events/inbox';
import { TOPICS } from '@gnology/platform/events/topics';
import type { CloudEventJson, SubscribeOptions } from '@gnology/platform/events/types';
import { z } from 'zod';
import type { AuthPlatformDeps } from '../context';
import type { AuthDB } from '../store/schema';
import { applyPlan } from '../store/users';
import type { Kysely } from 'kysely';

export const PLAN_CONSUMER = 'auth.subscription-plan';

/**
 * Only the fields auth reads. The plan is kept as any string: billing may introduce a plan the
 * web does not know yet, which the account page then shows as "Unknown" (spec section 3).
 */
const PlanChange = z.object({ userId: z.string().min(1), plan: z.string().min(1) });

/** Mirrors billing's plan onto the user (GET /api/auth/me shows it), once per event. */
export async function onSubscriptionChanged(db: Kysely<AuthDB>, event: CloudEventJson, log: AuthPlatformDeps['logger']): Promise<void> {
  if (event.type !== SUBSCRIPTION_CHANGED) return;
  const parsed = PlanChange.safeParse(event.data);
  if (!parsed.success) {
    // Retrying cannot fix a malformed event; say so loudly and move on.
    log.error({ eventId: event.id, issues: parsed.error.issues }, 'subscription.changed event without userId/plan; ignored');
    return;
  }
  await handleOnce(db, PLAN_CONSUMER, event.id, async (trx) => {
    const applied = await applyPlan(trx, parsed.data.userId, parsed.data.plan, new Date(event.time));
    if (!applied) log.info({ eventId: event.id, userId: parsed.data.userId }, 'plan change not applied (unknown user or a newer change already stored)');
  });
}

/** Event consumers of the auth service (consumer groups on the bus). */
export function authConsumers(deps: AuthPlatformDeps): SubscribeOptions[] {
  const db = deps.database.db as Kysely<AuthDB>;
  return [
    {
      group: PLAN_CONSUMER,
      topics: [TOPICS.billing],
      handler: (event) => onSubscriptionChanged(db, event, deps.logger),
    },
  ];
}
