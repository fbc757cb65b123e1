import { isExonym } from './exonyms';
import { isGiven, isInitial, isStop } from './name-words';
import type { Mention } from './people-types';
import { textAfter, textBefore } from './people-cues';

/*
 * Lists whose layout says who is a person (issue 28): a race's results ("11. Dufaux (Sui) à 2' 24\""), a programme of
 * works with their authors in brackets. Used by acceptMentions (people-acceptance.ts).
 */

/** The time a racer lost, right after his name in a French results list: "à 2'24"", "à l' 54"", "à 5 * 27"", "m. t.". */
const TIME_BEHIND_AFTER =
  /^[ \t]*(?:\r?\n[ \t]*)?(?:à[ \t]*(?:\r?\n[ \t]*)?(?:l['’]|\d{1,2})[ \t]*[*_'’]*[ \t]*\d{0,2}[ \t]*["”]?|m\.[ \t]*t\.)/u;

/** A ranked name (one to three words) with the time behind the winner after it. */
export function rankedWithTime(text: string, m: Mention): boolean {
  return (
    m.words.length <= 3 &&
    !isExonym(m.words.join(' ')) &&
    RANK_BEFORE.test(textBefore(text, m, 12)) &&
    TIME_BEHIND_AFTER.test(textAfter(text, m, 16))
  );
}

/** A rank in a results list right before a name: "11. ", "49, " at a line start or after a separator. */
export const RANK_BEFORE = /(?:^|[\s;:,.])\d{1,3}[.,][ \t]*\r?\n?[ \t]*$/u;
/**
 * A country in brackets right after a name, whole or cut short, maybe broken over the line ("(Bel¬⏎gien)"), or a
 * sports page's country code ("(Esp)", "(Fr)", "(USA)"; two capitals are a canton's or a state's, left out).
 */
export function countryInBracketsAfter(a: string): boolean {
  const m = /^\s*\(([^()]{2,24})\)/u.exec(a);
  if (!m) return false;
  const inside = m[1]!.replace(/[¬\u00AD-][ \t]*\r?\n?[ \t]*/gu, '').trim();
  return isExonym(inside) || RACING_COUNTRY.test(inside) || /^(?:\p{Lu}\p{Ll}{1,2}|\p{Lu}{3})$/u.test(inside);
}
/** Racing countries the exonyms (exonyms.ts) leave to the gazetteer, as German and French sports pages write them. */
const RACING_COUNTRY =
  /^(?:Luxemburg|Luxembourg|England|Angleterre|Tschechoslowakei|Tchécoslovaquie|Jugoslawien|Yougoslavie|Rumänien|Roumanie|Irland|Irlande|Schottland|Ecosse|Écosse|Finnland|Finlande|Kanada|Canada|Australien|Australie|Kolumbien|Colombie|Mexiko|Mexique|Argentinien|Argentine)$/u;

/** A name that fills a pair of brackets, a list's separator or its end after it: "Thrills (Ancliffe) ;". */
function bracketed(text: string, m: Mention): boolean {
  return (
    /\($/u.test(text.slice(Math.max(0, m.start - 1), m.start)) && /^\)[ \t]*[;,.]/u.test(text.slice(m.end, m.end + 4))
  );
}

/**
 * "Thrills (Ancliffe) ; A Wooing Song (Roger Quilter) ; Old Clothes (Martin Shaw) ; The Vagabond (Vaughan Williams)":
 * a list of works, each with its author in brackets. Where two or more of the bracketed names are full names already
 * read as people, the other names in the list's brackets, surnames alone included, are authors too.
 */
export function acceptBracketedNameLists(text: string, all: Mention[], accepted: boolean[]): void {
  const inBrackets = all.map((_, i) => i).filter((i) => bracketed(text, all[i]!));
  for (let a = 0; a < inBrackets.length; ) {
    let b = a;
    while (b + 1 < inBrackets.length && all[inBrackets[b + 1]!]!.start - all[inBrackets[b]!]!.end < 150) b++;
    const run = inBrackets.slice(a, b + 1);
    const people = run.filter((i) => accepted[i] && !all[i]!.lone && all[i]!.words.length >= 2).length;
    if (run.length >= 3 && people >= 2)
      for (const i of run) {
        const m = all[i]!;
        // "My Lady Dainty (Hesse)", "Captain Strattons Fancy (Peter Warlock)": the words before an author's brackets
        // are the work's title, whatever title word they hold.
        const work = i > 0 ? all[i - 1]! : undefined;
        if (work && /^[ \t]*\($/u.test(text.slice(work.end, m.start))) accepted[i - 1] = false;
        if (accepted[i] || m.words.length > 3 || isStop(m.words[0]!) || isExonym(m.words.join(' '))) continue;
        if (m.words.every(isInitial)) continue;
        accepted[i] = true;
        if (m.lone && !isGiven(m.words[0]!)) {
          m.lone = false;
          m.written = true;
        }
      }
    a = b + 1;
  }
}
