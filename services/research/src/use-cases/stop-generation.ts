import type { ResearchDeps } from '../context';
import { finishGeneration, requestStop } from '../store/generations';
import { releaseReservation } from './reservation';

/**
 * The user stops a generation of theirs (null: none of theirs has this id). A running one is told
 * through the hub and ends itself; a queued one has nothing to interrupt, so it ends here and its
 * tokens go back.
 */
export async function stopGeneration(deps: ResearchDeps, userId: string, id: string, httpRequestId?: string) {
  const db = deps.database.db;
  const g = await requestStop(db, userId, id);
  if (!g) return null;
  if (g.status === 'queued') {
    await finishGeneration(db, id, {
      status: 'stopped',
      text: g.text,
      result: { response: g.text, stopped: true, generationId: id },
    });
    await releaseReservation(deps, { reservationId: id, generationId: id, httpRequestId });
  }
  return { id, status: g.status === 'queued' ? 'stopped' : g.status, stopRequested: true };
}
