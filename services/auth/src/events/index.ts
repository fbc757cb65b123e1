import { SUBSCRIPTION_CHANGED } from '@gnology/contracts';
import { TOPICS } from '@gnology/platform/events/topics';
import type { CloudEventJson, SubscribeOptions } from '@gnology/platform/events/types';
import { z } from 'zod';
import type { AuthPlatformDeps } from '../context';
import type { AuthDb } from '../store/schema';
import { PLAN_CONSUMER, applyPlanChange } from '../use-cases/apply-plan-change';

/**
 * Only the fields auth reads. The plan is kept as any string: billing may introduce a plan the
 * web does not know yet, which the account page then shows as "Unknown" (docs/contract.md#entities).
 */
const PlanChange = z.object({ userId: z.string().min(1), plan: z.string().min(1) });

/** Reads a subscription.changed event and hands it to the plan-change use case. */
export async function onSubscriptionChanged(
  db: AuthDb,
  event: CloudEventJson,
  log: AuthPlatformDeps['logger'],
): Promise<void> {
  if (event.type !== SUBSCRIPTION_CHANGED) return;
  const parsed = PlanChange.safeParse(event.data);
  if (!parsed.success) {
    // Retrying cannot fix a malformed event; say so loudly and move on.
    log.error(
      { eventId: event.id, issues: parsed.error.issues },
      'subscription.changed event without userId/plan; ignored',
    );
    return;
  }
  await applyPlanChange({ db, logger: log }, { eventId: event.id, ...parsed.data, changedAt: new Date(event.time) });
}

/** Event consumers of the auth service (consumer groups on the bus). */
export function authConsumers(deps: AuthPlatformDeps): SubscribeOptions[] {
  const db = deps.database.db as AuthDb;
  return [
    {
      group: PLAN_CONSUMER,
      topics: [TOPICS.billing],
      handler: (event) => onSubscriptionChanged(db, event, deps.logger),
    },
  ];
}
