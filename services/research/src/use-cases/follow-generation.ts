import { readGenerationFrom } from '../store/generations';
import type { ResearchDeps } from '../context';

export type TailEvent =
  | { type: 'delta'; text: string; offset: number }
  | { type: 'done'; result: Record<string, unknown> }
  | { type: 'error'; error: string; status: number | null }
  | { type: 'heartbeat' };

const TERMINAL = new Set(['completed', 'stopped', 'failed']);

/**
 * Follows a generation from a character offset: what is saved beyond it, then each save as the
 * worker makes it, until the generation ends. Used by the stream routes and the JSON route alike.
 */
export async function* tailGeneration(
  deps: ResearchDeps,
  userId: string,
  id: string,
  from: number,
  signal: AbortSignal,
): AsyncIterable<TailEvent> {
  const db = deps.database.db;
  let offset = from;
  const waiter = deps.hub.arm(id);
  try {
    while (!signal.aborted) {
      const r = await readGenerationFrom(db, userId, id, offset);
      if (!r) {
        yield { type: 'error', error: 'Generation not found', status: 404 };
        return;
      }
      if (r.chunk) {
        offset = r.length;
        yield { type: 'delta', text: r.chunk, offset };
      }
      if (TERMINAL.has(r.status)) {
        if (r.status === 'failed')
          yield { type: 'error', error: r.error ?? 'Generation failed', status: r.error_status };
        else yield { type: 'done', result: r.result ?? {} };
        return;
      }
      // Woken by the worker's NOTIFY; the timeout is the fallback poll and the heartbeat.
      const why = await waiter.wait(5_000, signal);
      if (why === 'timeout') yield { type: 'heartbeat' };
    }
  } finally {
    waiter.dispose();
  }
}
