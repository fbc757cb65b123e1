import { GIVEN_NAMES } from './given-names';
import type { Candidate, Mention } from './people-types';

/*
 * Dutch notarial registers as handwriting recognition transcribes them (the VOC wills of
 * Batavia): initials are written with a colon or an equals sign ("I: Greving", "J: C: Heijning",
 * "W=m Domingosz"), and the people are named after fixed formulas: the notary after "compareerde
 * voor mij", witnesses after "ter presentie van" and "getuijgen", signatures after "was
 * geteekend". Those formulas say a person follows even when the given name is a spelling no
 * lexicon holds ("Liendert", "Parchus").
 */

/** Initials right before a name, HTR style: "I: ", "J: C: ", "W=m ", "H:t ". */
const HTR_INITIALS = /(?:^|[\s/(])((?:\p{Lu}(?:[:=„]|=\p{Ll}{1,2}|:\p{Ll})[ \t]*){1,3})$/u;

/** "I: N: Bestbier": the initials written before the candidate joined to it. */
export function withHtrInitials(text: string, c: Candidate): Candidate {
  // Within the line: the 16 characters before the name, cut at a line break.
  const window = text.slice(Math.max(0, c.start - 16), c.start);
  const m = HTR_INITIALS.exec(window.slice(window.lastIndexOf('\n') + 1));
  if (!m) return c;
  const initials = m[1]!.trim().split(/[ \t]+/);
  // "E:" is Edele, "M=r" Meester: titles, not initials.
  while (initials.length && /^(?:E|M)[:=„]/.test(initials[0]!) && !/^M:$/.test(initials[0]!)) initials.shift();
  if (!initials.length) return c;
  const at = text.lastIndexOf(initials[0]!, c.start);
  if (at < 0) return c;
  return { ...c, words: [...initials, ...c.words], start: at };
}

/** The formulas before a name in a Dutch deed: the appearer, the notary, witnesses, signatures. */
const FORMULA_BEFORE =
  /(?:compareerd(?:e|en)?(?:\s+en)?(?:\s+voor\s*mij)?|voor\s*mij|ter\s+presentie\s+van|in\s+presentie\s+van|ten\s+bij(?:w|z)ee?sen\s+van|ten\s+overstaan\s+van|getuij?gen|als\s+getuij?gen|(?:was\s+)?get(?:ee)?k(?:en)?(?:en)?d|was\s+get:|getek:d|onderteekend|ondertekend|ondestond:?|onderstond:?|testat(?:eur|rice)|weduwe\s+van|huij?s\s*vrouw(?:e)?\s+van|erfgena(?:e)?m(?:e|en)?)\s*[/:;,]*\s*(?:(?:de|den|d['’])\s+)?(?:(?:E|Ed|Eerw|Sr|Sieur|M=r|M„r|Mr|monss?=?)[:.=„]*\s+)?$/iu;

/** Whether a Dutch formula stands right before `start`. */
export function dutchFormulaBefore(text: string, start: number): boolean {
  return FORMULA_BEFORE.test(text.slice(Math.max(0, start - 60), start));
}

/** Dutch patronymics: "Jansz", "Pietersz:", "Anthonijsz" — a word only a person's name ends so. */
export const isPatronymic = (w: string) => /^\p{Lu}\p{Ll}{2,}s(?:z|zoon|sen|dr)[.:]?$/u.test(w);

/**
 * "Christiaan daniel Hertz", "Johannes fredrik Sieverts": handwriting recognition writes a middle
 * given name in lower case, which cuts the name in two. A given name, a lower-case given name and
 * a capitalised name, nothing else between them, are one name. Merges in place, in one pass.
 */
export function joinLowercaseGiven(text: string, ms: Mention[]): void {
  for (let i = ms.length - 2; i >= 0; i--) {
    const a = ms[i]!;
    const b = ms[i + 1]!;
    const gap = /^[ \t]+(\p{Ll}{3,})[ \t]*\r?\n?[ \t]*$/u.exec(text.slice(a.end, b.start));
    if (!gap || !GIVEN_NAMES.has(gap[1]!) || !GIVEN_NAMES.has(a.words[a.words.length - 1]!.toLowerCase())) continue;
    if (a.words.length > 3 || b.words.length > 3) continue;
    const middle = gap[1]!;
    const words = [...a.words, middle, ...b.words];
    ms.splice(i, 2, { ...b, words, start: a.start, name: words.join(' '), lone: false, written: true });
  }
}
