import { isInitial } from './name-words';
import type { Candidate, Mention } from './people-types';

/* Repairs of name candidates that their run cut or glued wrong (people-candidates.ts). */

/** A candidate that ends where a letter follows at once: a piece of a word when alone, in capitals or before lower case. */
export function gluedPiece(text: string, c: Candidate): boolean {
  const last = c.words[c.words.length - 1]!;
  return c.words.length === 1 || /^\p{Ll}/u.test(text.slice(c.end, c.end + 1)) || /^\p{Lu}{2,}$/u.test(last);
}

/** Words that make an English run a body (a club, a firm, an office) or a group of people, never a person's name. */
export const BODY_WORD =
  /^(?:Club|Society|Association|Corporation|Committee|Council|Department|Bureau|Hotel|Company|League|Institute|Academy|Railroad|Railway|Citizens|Residents|Voters|Members|Officers|Officials|Workers|Farmers|Merchants|Students|Teachers|Veterans|Soldiers|Natives|Ladies)$/u;

/** A hyphen, the space or line end the typesetter or the OCR left after it, and nothing else. */
const DOUBLE_NAME_BREAK = /^[⸗¬\u00AD-][ \t]*(?:\r?\n[ \t]*)?$/u;

/**
 * "Wiedebach⸗ Nostiz", "Schönburg-⏎Hartenstein": a name, a hyphen and a capitalised word right after it are one
 * double surname, which the break had cut in two (a lower-case part is joinSoftHyphen's). Merges in place.
 */
export function joinBrokenDoubleNames(text: string, ms: Mention[]): void {
  for (let i = ms.length - 2; i >= 0; i--) {
    const a = ms[i]!;
    const b = ms[i + 1]!;
    if (b.start <= a.end || !DOUBLE_NAME_BREAK.test(text.slice(a.end, b.start))) continue;
    const last = a.words[a.words.length - 1]!;
    if (isInitial(last) || b.words.length > 2 || !/^\p{Lu}\p{Ll}/u.test(b.words[0]!)) continue;
    const words = [...a.words.slice(0, -1), `${last}-${b.words[0]!}`, ...b.words.slice(1)];
    ms.splice(i, 2, { ...a, words, end: b.end, name: words.join(' ') });
  }
}

/** A peer's rank written after his given name, before his title's place: "John Earl of Bath", "Thomas Erle of Ormond". */
const PEERAGE_AFTER_NAME = /^(?:Earl|Erle|Duke|Viscount|Vicount|Marquess|Marquis|Baron|Lord|Bishop|Archbishop)$/u;

/** "Jo[hn] Erle of Bath": the rank is no surname; the man is John, Earl of Bath. */
export function peerageOff(text: string, c: Candidate): Candidate {
  const last = c.words.at(-1);
  if (c.words.length < 2 || !last || !PEERAGE_AFTER_NAME.test(last)) return c;
  if (!/^[ \t]+of[ \t]+\p{Lu}/u.test(text.slice(c.end, c.end + 12))) return c;
  const words = c.words.slice(0, -1);
  return { ...c, words, end: text.lastIndexOf(words.at(-1)!, c.end) + words.at(-1)!.length };
}
