import { foldText as fold } from '@gnology/contracts';
import { namesIn } from './question-names';

/** The life events a question can ask the date or place of. */
export type AskedEvent = 'birth' | 'baptism' | 'marriage' | 'death' | 'burial';

export interface Question {
  /** The people the question names ("John Henry Whitfield"); empty for "when was he born?". */
  names: string[];
  parents: boolean;
  spouse: boolean;
  children: boolean;
  /** Events asked about, each with whether the question wants the date, the place, or both. */
  events: { kind: AskedEvent; when: boolean; where: boolean }[];
  /** "Who was X?" / "Tell me about X": a short life summary. */
  who: boolean;
}

const EVENT_WORDS: [AskedEvent, RegExp][] = [
  ['baptism', /\b(baptis|baptiz|christen)/],
  ['birth', /\b(born|birth|birthday)\b/],
  ['marriage', /\b(marr\w*|wed|wedding)\b/],
  ['death', /\b(die|died|dies|death|dead|pass(ed)? away)\b/],
  ['burial', /\b(buried|burial|grave|interred)\b/],
];

/**
 * The form of a question (issue 13): who / when / where, parents / spouse / children, and which
 * life events. "Who were the parents of X and when did he marry?" asks for parents and the
 * marriage date; each clause is read on its own so "when" goes with "marry", not "parents".
 */
export function readQuestion(query: string, knownNames: string[] = []): Question {
  const q: Question = { names: [], parents: false, spouse: false, children: false, events: [], who: false };
  q.names = [...new Set(namesIn(query.replace(/[’']s\b/g, ''), knownNames).map((h) => h.name))];
  const clauses = fold(query)
    .split(
      /[?;.!]|\b(?:and|but|also)\b(?=\s+(?:when|where|who|whom|what|which|did|does|was|were|is|are|how|his|her|their))/,
    )
    .map((c) => c.trim())
    .filter(Boolean)
    // "When and where did he die?": a clause of question words alone belongs to the next one.
    .reduce<string[]>((out, c) => {
      const last = out[out.length - 1];
      if (last !== undefined && /^(when|where|who|whom|how|what)$/.test(last)) out[out.length - 1] = `${last} ${c}`;
      else out.push(c);
      return out;
    }, []);
  for (const clause of clauses) {
    const when = /\b(when|what (date|year|day)|which year|how old|date of|year of)\b/.test(clause);
    const where =
      /\b(where|what (place|town|city|county|country|parish)|which (place|town|city|county|country|parish)|place of)\b/.test(
        clause,
      );
    const whoAsked = /\b(who|whom)\b/.test(clause);
    if (/\b(parents?|father|mother)\b/.test(clause)) q.parents = true;
    if (/\b(children|sons?|daughters?|kids|offspring)\b/.test(clause) && !/\b(son|daughter) of\b/.test(clause))
      q.children = true;
    if (/\b(wife|husband|spouse)\b/.test(clause) || (whoAsked && /\bmarr/.test(clause))) q.spouse = true;
    for (const [kind, re] of EVENT_WORDS) {
      if (!re.test(clause)) continue;
      // "Who did he marry?" asks for the spouse: the marriage's date and place come with it.
      if (kind === 'marriage' && whoAsked && !when && !where) continue;
      if (!q.events.some((e) => e.kind === kind)) q.events.push({ kind, when: when || !where, where: where || !when });
    }
  }
  // Answer in the order asked: "born and baptised" → birth, then baptism.
  const at = (kind: AskedEvent) => fold(query).search(EVENT_WORDS.find(([k]) => k === kind)![1]);
  q.events.sort((a, b) => at(a.kind) - at(b.kind));
  q.who =
    !q.parents &&
    !q.spouse &&
    !q.children &&
    q.events.length === 0 &&
    (q.names.length > 0 || /\b(who (was|is)|about (him|her))\b/.test(fold(query)));
  return q;
}

/** True when the question asks something a direct answer can say. */
export function asksForFacts(q: Question): boolean {
  return q.parents || q.spouse || q.children || q.events.length > 0 || q.who;
}
