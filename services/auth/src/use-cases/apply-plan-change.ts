import { handleOnce } from '@gnology/platform/events/inbox';
import type { AuthPlatformDeps } from '../context';
import type { AuthDb } from '../store/schema';
import { applyPlan } from '../store/users';

export const PLAN_CONSUMER = 'auth.subscription-plan';

/**
 * Mirrors billing's plan onto the user (GET /api/auth/me shows it), once per event: the inbox
 * row and the plan are written in one transaction, and an older change never overwrites a newer one.
 */
export async function applyPlanChange(
  deps: { db: AuthDb; logger: AuthPlatformDeps['logger'] },
  change: { eventId: string; userId: string; plan: string; changedAt: Date },
): Promise<void> {
  await handleOnce(deps.db, PLAN_CONSUMER, change.eventId, async (trx) => {
    const applied = await applyPlan(trx, change.userId, change.plan, change.changedAt);
    if (!applied) {
      deps.logger.info(
        { eventId: change.eventId, userId: change.userId },
        'plan change not applied (unknown user or a newer change already stored)',
      );
    }
  });
}
