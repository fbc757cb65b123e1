import { handleOnce } from '@gnology/platform/events/inbox';
import type { CloudEventJson } from '@gnology/platform/events/types';
import { z } from 'zod';
import type { BillingPlatformDeps } from '../context';
import type { Trx } from '../store/schema';
import { withholdTrial } from '../use-cases/withhold-trial';

export const USER_PHONE_VERIFIED_CONSUMER = 'billing.user-phone-verified';

/** The fields billing needs of auth's `user.phone-verified` (the full schema lives in contracts/events/auth). */
const PhoneVerified = z.object({ userId: z.string().min(1), trialGranted: z.boolean().optional() });

/**
 * One free trial per verified phone number (issue 29, point 4, decision 0211): auth says
 * `trialGranted: false` when the number's trial went to an earlier account, and this account's
 * trial allowance is taken back. Any other phone-verified event changes nothing here.
 */
export async function onUserPhoneVerified(
  deps: BillingPlatformDeps,
  event: CloudEventJson,
  now = new Date(),
): Promise<boolean> {
  const data = PhoneVerified.parse(event.data);
  if (data.trialGranted !== false) return false;
  return handleOnce(deps.database.db, USER_PHONE_VERIFIED_CONSUMER, event.id, (trx) =>
    withholdTrial(trx as Trx, data.userId, { now, requestId: event.requestid }),
  );
}
