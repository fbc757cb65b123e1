import { foldText, type IndividualDetail } from '@gnology/contracts';
import type { Clients } from '../clients';
import { fullNamesAsked, isBareContinue } from '../domain/asked';
import type { ContextDocument } from '../domain/model';
import { asksForFacts, readQuestion } from '../domain/offline/question';
import { withoutDocuments } from '../domain/people-evidence';
import { withinBudget } from './within-budget';

/** How long a question waits for the people index before going on without it (time to first token). */
const LOOKUP_BUDGET_MS = 1_500;
/** At most this many names the documents suggest are looked up. */
const SUGGESTED = 3;

type Lookup = Pick<Clients, 'lookupPeople'>;
interface LookupParams {
  userId: string;
  query: string;
  excludeIds?: string[];
  onError?: (err: unknown) => void;
}

async function lookup(clients: Lookup, p: LookupParams, names: string[]): Promise<IndividualDetail[]> {
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

/**
 * "What do we know about Thomas Whitfield?" (issue 16): the people index's evidence, timeline and
 * conflicts for the full names a question gives (two words or more: a given name alone would match
 * half the library). Like the library search, a help and never a condition: on failure or delay the
 * question is answered without it.
 */
export async function lookupPeopleAsked(clients: Lookup, p: LookupParams): Promise<IndividualDetail[]> {
  if (isBareContinue(p.query)) return [];
  return lookup(clients, p, fullNamesAsked(p.query).slice(0, 5));
}

/**
 * The people a question means without naming them in full, as the documents it is asked about
 * name them (issue 28): "Who were Margaret's parents?" beside an obituary of Margaret Sullivan
 * means Margaret Sullivan; "When did he die?" means the documents' primary subject. Read from the
 * documents' stored extraction, never their text.
 */
export function namesMeantIn(query: string, documents: readonly ContextDocument[]): string[] {
  const tagged = documents.flatMap((d) => (d.peopleIdentified ?? []).filter((t) => t?.name?.trim().includes(' ')));
  const question = readQuestion(
    query.slice(0, 2_000),
    tagged.map((t) => t.name.trim()),
  );
  const words = (name: string) =>
    foldText(name)
      .split(/[^a-z0-9']+/)
      .filter(Boolean);
  const out: string[] = [];
  const add = (name: string) => {
    if (!out.some((n) => foldText(n) === foldText(name))) out.push(name.trim());
  };
  for (const asked of question.names) {
    const w = words(asked);
    if (w.length !== 1) continue;
    // "Margaret" or "Sullivan": the documents' people of that first name or that surname.
    for (const t of tagged) {
      const tw = words(t.name);
      if (tw[0] === w[0] || tw[tw.length - 1] === w[0]) add(t.name);
    }
  }
  if (!question.names.length && asksForFacts(question))
    for (const t of tagged) if (t.role === 'primary_subject') add(t.name);
  return out.slice(0, SUGGESTED);
}

/** After the documents are read, when the question's names found no one: the people the documents say it means. */
export async function lookupPeopleMeant(
  clients: Lookup,
  p: LookupParams & { documents: readonly ContextDocument[]; found: IndividualDetail[] },
): Promise<IndividualDetail[]> {
  if (p.found.length || isBareContinue(p.query)) return p.found;
  return lookup(clients, p, namesMeantIn(p.query, p.documents));
}
