import type { ResearchDeps } from '../context';
import { releaseSlot } from '../store/in-flight';

/**
 * One research request's ids, each named for what it is (issue 19). Billing's internal API and
 * the `research.completed` event call the reservation id `requestId`: those wire names stay.
 */
export interface RequestIds {
  /** Billing's hold on the user's tokens for this request (and the request's slot among those in flight). */
  reservationId: string;
  /**
   * A chapter or book's generation row: the same value as `reservationId`, so a job asks billing
   * about its hold by its own id (decision 0085). Null for an answer given inline.
   */
  generationId: string | null;
  /** The HTTP request that asked: the x-request-id of the internal calls and the logs. */
  httpRequestId?: string;
}

/**
 * The one way a reservation is given back to the account. Never throws: a hold billing cannot
 * release now closes at its expiry (billing's sweep), so the caller goes on; the answer is what
 * billing left on the account, or null when it could not answer.
 */
export async function releaseReservation(deps: ResearchDeps, ids: RequestIds): Promise<{ remaining: number } | null> {
  try {
    return await deps.clients(ids.httpRequestId).release(ids.reservationId);
  } catch (err) {
    deps.logger.warn(
      { err, reservationId: ids.reservationId },
      'releasing the reservation failed; it closes at its expiry',
    );
    return null;
  }
}

/** Frees the request's slot among the user's requests in flight (the hold itself is settled or released apart). */
export async function endInFlight(deps: ResearchDeps, ids: RequestIds): Promise<void> {
  await releaseSlot(deps.database.db, ids.reservationId).catch((err) =>
    deps.logger.warn({ err, reservationId: ids.reservationId }, 'freeing the in-flight slot failed; it expires'),
  );
}

/**
 * Runs the steps that follow a reservation; if one throws, the compensation gives back what the
 * request took (billing's hold and its in-flight slot) before the error goes on to the caller.
 */
export async function withReservation<T>(deps: ResearchDeps, ids: RequestIds, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await releaseReservation(deps, ids);
    await endInFlight(deps, ids);
    throw err;
  }
}
