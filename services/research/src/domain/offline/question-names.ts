/** Finding the names of people a QUESTION gives ("Who were the parents of John Henry Whitfield?"), without a model; records are never read here (decision 0208). */
import { foldText } from '@gnology/contracts';

export const NOT_NAMES = new Set(
  'The This That These Those There Their His Her Our Your And But For With From Into Upon When Where Which While After Before During Parish Church Register Registers Record Records County Township Town City Village Street Saint St January February March April May June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday Saturday Sunday Census Baptism Baptisms Marriage Marriages Burial Burials Births Deaths Birth Death Page Folio Entry Source Document Name Age Rev Reverend Mr Mrs Miss Dr He She They It We Who What Whom Whose How Why Did Does Do Was Were Is Are Tell Show Give List Find Please Certificate Obituary State United States Witnesses Witness Registered Funeral Head Wife Son Daughter Father Mother Husband Widow Groom Bride Methodist Baptist Catholic Enumeration District Farmer'.split(
    ' ',
  ),
);

export interface NameHit {
  name: string;
  at: number;
  end: number;
}

// A capitalised word ("Mary", "O'Neil", "McDonald") or a middle initial ("J.").
const WORD = String.raw`\p{Lu}[\p{Ll}'’-]*\p{Ll}|\p{Lu}\.`;
const NAME_RUN = new RegExp(String.raw`(?:${WORD})(?:\s+(?:${WORD}))*`, 'gu');
// Words after which a capitalised run is a place, not a person.
const PLACE_BEFORE =
  /\b(?:in|at|near|from|to|for|county|parish|(?:state|county|city|town|parish|province|kingdom|republic)\s+of)\s*$/i;

const fold = foldText;

/**
 * The names of people in a question: the known names first (the documents' own people), then
 * runs of two to four capitalised words that are not places ("in Raleigh") or record words.
 * A lone word counts when it starts or ends a known name ("Margaret", "Sullivan").
 */
export function namesIn(sentence: string, known: string[]): NameHit[] {
  const hits: NameHit[] = [];
  const folded = fold(sentence);
  const taken = (at: number, end: number) => hits.some((h) => at < h.end && end > h.at);
  for (const name of known) {
    const key = fold(name);
    for (let at = folded.indexOf(key); at >= 0; at = folded.indexOf(key, at + 1)) {
      const end = at + key.length;
      const bounded = !/\p{L}/u.test(folded[at - 1] ?? '') && !/\p{L}/u.test(folded[end] ?? '');
      if (bounded && !taken(at, end)) hits.push({ name, at, end });
    }
  }
  // A lone word counts when a known name starts or ends with it ("Margaret", "Sullivan").
  const givenNames = new Set(
    known.flatMap((k) => {
      const words = k.split(/\s+/);
      return [words[0]!, words[words.length - 1]!];
    }),
  );
  for (const m of sentence.matchAll(NAME_RUN)) {
    let words = m[0].split(/\s+/);
    let at = m.index ?? 0;
    // Trim record words at either end ("Mrs Mary Turner" → "Mary Turner", "Mary Smith Wife" → "Mary Smith").
    while (words.length && NOT_NAMES.has(words[0]!.replace(/\.$/, ''))) {
      at += words[0]!.length + (sentence.slice(at + words[0]!.length).match(/^\s+/)?.[0].length ?? 0);
      words = words.slice(1);
    }
    while (words.length && NOT_NAMES.has(words[words.length - 1]!.replace(/\.$/, ''))) words = words.slice(0, -1);
    words = words.slice(0, 4);
    if (!words.length || words.some((w) => NOT_NAMES.has(w) || w.length < 2)) continue;
    const related = /^\s*,\s*(?:the\s+)?(?:wife|widow|daughter|son|husband|child)\s+of\b/i.test(
      sentence.slice(at + words[0]!.length),
    );
    if (words.length === 1 && !givenNames.has(words[0]!) && !related) continue;
    if (/\.$/.test(words[words.length - 1]!)) continue;
    const name = words.join(' ');
    const end = at + name.length;
    if (taken(at, end) || PLACE_BEFORE.test(sentence.slice(0, at))) continue;
    hits.push({ name, at, end });
  }
  return hits.sort((a, b) => a.at - b.at);
}
