import type { IndividualDetail } from '@gnology/contracts';
import type { Clients } from '../clients';
import { fullNamesAsked, isBareContinue } from '../domain/asked';
import { withoutDocuments } from '../domain/people-evidence';
import { withinBudget } from './within-budget';

/** How long a question waits for the people index before going on without it (time to first token). */
const LOOKUP_BUDGET_MS = 1_500;

/**
 * "What do we know about Thomas Whitfield?" (issue 16): the people index's evidence, timeline and
 * conflicts for the full names a question gives (two words or more: a given name alone would match
 * half the library). Like the library search, a help and never a condition: on failure or delay the
 * question is answered without it.
 */
export async function lookupPeopleAsked(
  clients: Pick<Clients, 'lookupPeople'>,
  p: { userId: string; query: string; excludeIds?: string[]; onError?: (err: unknown) => void },
): Promise<IndividualDetail[]> {
  if (isBareContinue(p.query)) return [];
  const names = fullNamesAsked(p.query).slice(0, 5);
  if (!names.length) return [];
  try {
    const people = await withinBudget(
      clients.lookupPeople(p.userId, names),
      LOOKUP_BUDGET_MS,
      'people lookup took too long',
    );
    return withoutDocuments(people, p.excludeIds ?? []);
  } catch (err) {
    p.onError?.(err);
    return [];
  }
}
