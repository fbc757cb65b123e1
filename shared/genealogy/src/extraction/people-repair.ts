import { isGiven, isStop, lowerKey, SURNAME_LIKE, titleCase } from './name-words';
import { HIS_WIFE_AFTER } from './people-cues';
import type { Mention } from './people-types';

/*
 * Between acceptance and relations (people.ts): names the candidate step cut at a line end or a
 * census column, put back together. OCR keeps the page's line breaks, and a name broken across a
 * line ("Whit-⏎field", "Thomas Barnes⏎Whitfield", "Sarah⏎Elizabeth his wife") read as two people
 * or as a wrong name makes a wrong relation; the repairs below only join what the text itself
 * joins (a hyphen, a surname the record gives elsewhere, a given name continued), never guess.
 */

export function repairMentions(text: string, input: Mention[]): Mention[] {
  const ms = input.map((m) => ({ ...m, words: [...m.words] }));
  for (const m of ms) dropTrailingOffice(text, m);
  for (const m of ms) joinHyphenated(text, m);
  for (const m of ms) keepColumnInitials(text, m);
  const known = knownSurnames(ms);
  const out: Mention[] = [];
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    const next = ms[i + 1];
    if (next && joinGivenAcrossLine(text, m, next)) {
      out.push(mergeGiven(m, next));
      i++;
      continue;
    }
    joinSurnameOnNextLine(text, m, known, ms);
    out.push(m);
  }
  for (const m of out) givenOnlyBeforeSpouseWord(text, m);
  const split = out.flatMap((m) => splitTrailingSpouse(text, m));
  return split.filter((m) => !(m as { absorbed?: boolean }).absorbed);
}

/** Words a register writes after a name that are never part of it: an office, a status, "etc." */
const NOT_NAME_TAIL = new Set(
  'coroner esqr esqrs esq esquire esquires singlewoman spinster wido wid etc instantly'.split(' '),
);
/** A clerk's spellings of "Singlewoman" ("Snglewoman", "Singelewoman"). */
const SINGLE_WOMAN = /^s\p{L}{0,3}gl?e?l?e?wom[ae]n$/iu;

/**
 * A Dutch deed's clerk after his name, in handwriting recognition's spellings: "Clercq", "Clerq", "Clercquen" (the
 * clerks), "Chrcqin". ("Clerck", a surname, keeps its k.)
 */
const CLERK_TAIL = /^C(?:l|hr)\p{Ll}*q\p{Ll}{0,3}[:.]?$/u;

/**
 * The Company's ranks a Dutch deed writes after a name ("Carel Cruijsbergen Capiteijn"); not those that are also
 * surnames (Burger, Koopman, Schipper).
 */
const DUTCH_RANK_TAIL =
  /^(?:[CK]apit(?:ein|eijn|ain)|Lieutenant|Lui?j?tenant|Corporaal|Sergeant|Vendrig|Vaandrig|Adsistent|Assistent|Oppermeester|Onderco{1,2}pman|Onderko{1,2}pman|Opperko{1,2}pman|Opperco{1,2}pman|Boekhouder|Chirurgijn|Soldaat|Militair|Secretaris|Secretars)$/u;

/** "Thomas Prickard Coroner", "Sarah Allen Singlewoman", "Eliz Wilson Etc", "David Salomons Clercquen": the name ends before the word. */
function dropTrailingOffice(text: string, m: Mention): void {
  if (m.words.length < 2 || m.name !== m.words.join(' ')) return;
  const last = m.words[m.words.length - 1]!;
  // Two words: only the clerks' office goes ("soseph Moses⏎Clercquen", the given name misread in lower case).
  if (m.words.length === 2 && !CLERK_TAIL.test(last)) return;
  const at = m.end - last.length;
  if (
    !(
      NOT_NAME_TAIL.has(lowerKey(last)) ||
      SINGLE_WOMAN.test(last) ||
      CLERK_TAIL.test(last) ||
      DUTCH_RANK_TAIL.test(last) ||
      last === 'Lager'
    ) ||
    lowerKey(text.slice(at, m.end)) !== lowerKey(last)
  )
    return;
  m.words.pop();
  m.name = m.words.join(' ');
  m.end = at - (/\s*$/.exec(text.slice(m.start, at))?.[0].length ?? 0);
}

/** "Whit-⏎field": a hyphen at a line end before a lower-case word is the typesetter's, not the name's. */
function joinHyphenated(text: string, m: Mention): void {
  const tail = /^-[ \t]*\r?\n[ \t]*(\p{Ll}[\p{L}'’]*)/u.exec(text.slice(m.end, m.end + 40));
  if (!tail || m.name !== m.words.join(' ')) return;
  const last = m.words.length - 1;
  m.words[last] = m.words[last]! + tail[1]!;
  m.name = m.words.join(' ');
  m.end += tail[0].length;
}

/** "Whitfield, Thomas B. | Son": the middle initial is part of the name (without it the son reads as his grandfather). */
function keepColumnInitials(text: string, m: Mention): void {
  const written = m.words.join(' ');
  if (m.name === written || !m.name.startsWith(`${written} `)) return;
  const init = /^([ \t]+(?:\p{Lu}\.[ \t]?){1,2})(?=[ \t]*(?:[|\t,;]|\r?\n|$))/u.exec(text.slice(m.end, m.end + 12));
  if (!init) return;
  const initials = init[1]!.trim().split(/[ \t]+|(?<=\.)(?=\p{Lu})/u);
  const surname = m.name.slice(written.length + 1);
  m.name = [written, ...initials, surname].join(' ');
  m.end += init[1]!.trimEnd().length;
}

/** Surnames the record writes as the last word of a full name. */
function knownSurnames(ms: Mention[]): Set<string> {
  const out = new Set<string>();
  for (const m of ms) if (!m.lone && m.words.length >= 2) out.add(lowerKey(m.words[m.words.length - 1]!));
  return out;
}

/**
 * "a grandson, Thomas Barnes⏎Whitfield.": a name at a line end, and the next line starts with one
 * capitalised word the record uses as a surname, closed by punctuation: the surname goes on.
 */
function joinSurnameOnNextLine(text: string, m: Mention, known: Set<string>, ms: Mention[]): void {
  if (m.name !== m.words.join(' ') || m.words.length > 3) return;
  const rest = text.slice(m.end, m.end + 40);
  const next = /^[ \t]*\r?\n[ \t]*(\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*)(?=[ \t]*(?:[.,;:)]|\r?\n|$))/u.exec(rest);
  if (!next) return;
  const word = next[1]!;
  const key = lowerKey(word);
  if (!known.has(key) || isGiven(word) || isStop(word) || lowerKey(m.words[m.words.length - 1]!) === key) return;
  const at = m.end + next[0].length - word.length;
  // A person already read at that word is someone else's mention only if it is more than the word.
  const there = ms.find((x) => x !== m && x.start === at);
  if (there && there.words.length > 1) return;
  if (there) (there as { absorbed?: boolean }).absorbed = true;
  m.words.push(titleCase(word));
  m.name = m.words.join(' ');
  m.end = at + word.length;
  m.lone = false;
  m.written = true;
}

/**
 * "and Sarah⏎Elizabeth his wife": a given name that ends a line of prose and given names that start
 * the next one, with nothing between, are one person's names (a one-name-a-line list has no text
 * before the name on its line).
 */
function joinGivenAcrossLine(text: string, m: Mention, next: Mention): boolean {
  if (!m.lone || m.words.length !== 1 || !isGiven(m.words[0]!) || m.maiden) return false;
  if (!isGiven(next.words[0]!) || next.name !== next.words.join(' ')) return false;
  const gap = text.slice(m.end, next.start);
  if (!/^[ \t]*\r?\n[ \t]*$/.test(gap)) return false;
  const lineStart = text.lastIndexOf('\n', m.start - 1) + 1;
  return /\p{L}/u.test(text.slice(lineStart, m.start));
}

function mergeGiven(m: Mention, next: Mention): Mention {
  return {
    ...next,
    words: [...m.words, ...next.words],
    start: m.start,
    name: `${m.name} ${next.name}`,
    ...(m.title && !next.title ? { title: m.title } : {}),
  };
}

/**
 * "Thos. Pounder Sarah his Wife and their Two Children": a name run on into the wife's given name
 * (no comma in the register) is two people, the man and "Sarah his wife".
 */
function splitTrailingSpouse(text: string, m: Mention): Mention[] {
  if (m.words.length < 3 || m.name !== m.words.join(' ')) return [m];
  const last = m.words[m.words.length - 1]!;
  const before = m.words[m.words.length - 2]!;
  if (!isGiven(last) || isGiven(before) || !HIS_WIFE_AFTER.test(text.slice(m.end, m.end + 40))) return [m];
  const at = m.end - last.length;
  if (text.slice(at, m.end) !== last) return [m];
  const head = m.words.slice(0, -1);
  const man: Mention = {
    ...m,
    words: head,
    name: head.join(' '),
    end: at - (/\s*$/.exec(text.slice(m.start, at))?.[0].length ?? 0),
  };
  const wife: Mention = { words: [last], start: at, end: m.end, name: last, lone: true, written: false };
  return [man, wife];
}

/** "Sarah Elizabeth his wife": given names only, before "his wife", are a woman without her surname yet. */
function givenOnlyBeforeSpouseWord(text: string, m: Mention): void {
  if (m.lone || m.words.length < 2 || m.words.length > 3 || m.maiden || m.name !== m.words.join(' ')) return;
  if (!m.words.every(isGiven) || SURNAME_LIKE.has(lowerKey(m.words[m.words.length - 1]!))) return;
  if (!HIS_WIFE_AFTER.test(text.slice(m.end, m.end + 40))) return;
  m.lone = true;
  m.written = false;
}
