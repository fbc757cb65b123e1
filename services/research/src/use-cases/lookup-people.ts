import type { IndividualDetail } from '@gnology/contracts';
import type { Clients } from '../clients';
import { readQuestion } from '../domain/offline/question';

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
  p: { userId: string; query: string; onError?: (err: unknown) => void },
): Promise<IndividualDetail[]> {
  if (/^\s*continue\W*$/i.test(p.query)) return [];
  const names = readQuestion(p.query.slice(0, 2_000)).names.filter((n) => n.split(/\s+/).length >= 2).slice(0, 5);
  if (!names.length) return [];
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      clients.lookupPeople(p.userId, names),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('people lookup took too long')), LOOKUP_BUDGET_MS);
      }),
    ]);
  } catch (err) {
    p.onError?.(err);
    return [];
  } finally {
    clearTimeout(timer);
  }
}
