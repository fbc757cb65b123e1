import type { ResearchDeps } from '../context';
import { generationView } from './present-generation';
import { findUserGeneration, listUserGenerations } from '../store/generations';

/** A user's latest generations, of one conversation or all, running ones only when asked. */
export async function listGenerations(
  deps: ResearchDeps,
  userId: string,
  f: { conversationId?: string; activeOnly: boolean },
) {
  const rows = await listUserGenerations(deps.database.db, userId, f);
  return { generations: rows.map((g) => generationView(g, false)) };
}

/** One generation of the user's with its text (undefined: none of theirs has this id). */
export async function readGeneration(deps: ResearchDeps, userId: string, id: string) {
  const g = await findUserGeneration(deps.database.db, userId, id);
  return g ? generationView(g, true) : undefined;
}

/** What a reader of one generation is told first (undefined: none of the user's has this id). */
export async function generationStart(deps: ResearchDeps, userId: string, id: string) {
  const g = await findUserGeneration(deps.database.db, userId, id);
  return g ? { requestType: g.request_type, provider: g.provider } : undefined;
}
