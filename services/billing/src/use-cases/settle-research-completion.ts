import { ResearchCompletedData } from '@gnology/contracts';
import { handleOnce } from '@gnology/platform/events/inbox';
import type { CloudEventJson } from '@gnology/platform/events/types';
import { HttpError } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import type { Trx } from '../store/schema';
import { meteringContext } from './metering-context';
import { releaseInTransaction } from './release';
import { settleInTransaction } from './settle';

export const RESEARCH_USAGE_CONSUMER = 'billing.research-usage';

/**
 * Settles a research request from its `research.completed` event (decision 0085). Research also
 * settles synchronously for the answer's balance; whichever arrives second finds the reservation
 * settled and changes nothing, so every answered request is charged exactly once, even when
 * billing was down when the answer ended (the event waits on the bus). The inbox row and the
 * settlement commit together.
 */
export async function settleResearchCompletion(
  deps: BillingDeps,
  event: CloudEventJson,
  now = new Date(),
): Promise<boolean> {
  const data = ResearchCompletedData.parse(event.data);
  const requestId = data.reservationId ?? data.requestId;
  const charge = data.charge ?? data.usage;
  const ctx = meteringContext(deps, now, event.requestid);
  try {
    return await handleOnce(deps.db, RESEARCH_USAGE_CONSUMER, event.id, async (trx) => {
      const nothingToCharge = charge.inputTokens + charge.outputTokens === 0;
      if (data.outcome === 'failed' && nothingToCharge) await releaseInTransaction(trx as Trx, requestId, ctx);
      else
        await settleInTransaction(
          trx as Trx,
          requestId,
          { inputTokens: charge.inputTokens, outputTokens: charge.outputTokens, savedTokens: charge.savedTokens },
          ctx,
        );
    });
  } catch (err) {
    // No reservation (an offline request that never reserved, another deployment's event) or a
    // refused one: nothing to charge, and redelivering would not change that.
    if (err instanceof HttpError && (err.statusCode === 404 || err.statusCode === 409)) {
      deps.logger.warn(
        { requestId, eventId: event.id, reason: err.message },
        'research.completed without a reservation to settle',
      );
      return false;
    }
    throw err;
  }
}
