import type { Clients, Reservation } from '../clients';
import type { ResearchDeps } from '../context';
import type { CostBound } from '../domain/cost';
import { releaseReservation } from './reservation';

/**
 * The reservation asked at once, beside the conversation and library reads (issue 20, decision
 * 0206), for the prompt as far as it is known before them: Gene's instructions and the question.
 * It is the request's reservation only when the prompt, once read and assembled, costs exactly
 * that (no history, nothing found in the library): billing was then asked exactly what it would
 * have been asked after the reads. Otherwise it is released and the request reserves its real
 * cost, as before.
 */
export interface EarlyReservation {
  reservationId: string;
  cost: CostBound;
  outcome: Promise<{ held: Reservation } | { error: unknown }>;
}

export function reserveEarly(
  clients: Pick<Clients, 'reserve'>,
  userId: string,
  reservationId: string,
  cost: CostBound,
): EarlyReservation {
  return {
    reservationId,
    cost,
    outcome: clients.reserve(userId, reservationId, cost.estimate, cost.minimum).then(
      (held) => ({ held }),
      (error: unknown) => ({ error }),
    ),
  };
}

export function sameCost(a: CostBound, b: CostBound): boolean {
  return a.estimate === b.estimate && a.minimum === b.minimum;
}

/** The early reservation is not the request's: what it holds goes back to the account. */
export async function dropEarly(deps: ResearchDeps, early: EarlyReservation, httpRequestId: string): Promise<void> {
  const outcome = await early.outcome;
  if ('held' in outcome)
    await releaseReservation(deps, { reservationId: early.reservationId, generationId: null, httpRequestId });
}
