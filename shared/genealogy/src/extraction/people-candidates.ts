import { BODY_WORD, gluedPiece, joinBrokenDoubleNames, peerageOff } from './candidate-repairs';
import { directoryEntries } from './directory-entries';
import {
  dropOrigin,
  joinLowercaseGiven,
  joinLowercaseSurname,
  joinSurnameAfterPatronymic,
  withHtrInitials,
  withLowercaseGiven,
} from './dutch-registers';
import { invertedListEntries } from './inverted-name-lists';
import { languageOf } from './language';
import { frenchTitle, isTitledSurname, joinSoftHyphen, stripLeadingOffice } from './name-shapes';
import { TITLES } from './given-names';
import { isGiven, isInitial, isStop, lowerKey, REGNAL, SURNAME_LIKE, titleCase, VOWEL } from './name-words';
import { nobleParticleBefore } from './noble-names';
import { placeTaggedEntries } from './place-tagged-lists';
import type { Mention } from './people-types';
import { MAIDEN_AFTER, NAMED_BEFORE, REL_OF_AFTER, RUN } from './people-cues';
import { NL_DECEASED_BEFORE } from './testator-cues';
import { candidatesOf, isParticle, isParticleAnyCase, SUFFIXES } from './run-candidates';

/* Step 1 of the people pipeline (people.ts): name candidates, runs of capitalised words split into names. */

/** Ships are named like people: "the ship Jessie", "S.S. Kaiser Wilhelm der Grosse", "Nave Prinzessin Irene". A lone "S." is an initial ("S. H. Clifford"). */
const SHIP_BEFORE =
  /(?:\bS\.\s?S\.|\bR\.\s?M\.\s?S\.|\bH\.\s?M\.\s?S\.|\bship|\bsteamer|\bsteamship|\bbrig|\bbarque|\bbark|\bschooner|\bvessel|\bschiff|\bdampfer|\bnave|\bnavire|\bvapor|\bvapore|\bschip)\s*:?\s*(?:the\s+)?(?:[A-Z][a-z]+\s+)?$/u;
/** A preposition, an article or a conjunction ending the line before (general French, English, German, Dutch words). */
const FUNCTION_WORD_AT_LINE_END =
  /(?<![\p{L}])(?:de|du|des|d['’]|à|au|aux|la|le|les|et|ou|of|the|and|or|to|in|at|by|for|from|von|vom|der|die|das|und|zu|zur|zum|van|het|en)[ \t]*\r?\n[ \t]*$/u;
const LINE_START_SURNAME_FIRST = /(?:^|\n)[ \t]*(?:\d+[.)]?[ \t]+)?([\p{Lu}][\p{L}'’-]+),[ \t]+(?=[\p{Lu}])/gu;

export function findMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  // A directory entry ("Dupont (Jean), tailleur, r. de Chartres, 12.") names one person, read whole; its street is no one.
  const entries = directoryEntries(text);
  // A list that tags each person with a place ("Maillefer (Lausanne), Aug. Leuba (Buttes)") names them by its shape.
  const tagged = entries.length ? [] : placeTaggedEntries(text, isGiven);
  const inEntry = spanTest(
    [...entries.map((e) => [e.start, e.end] as const), ...tagged.map((e) => [e.start, e.end] as const)].sort(
      (a, b) => a[0] - b[0],
    ),
  );
  // Registers and manifests that write "Whitfield, Thomas" at a line start: read as "Thomas Whitfield".
  const surnameFirst = new Map<number, string>();
  LINE_START_SURNAME_FIRST.lastIndex = 0;
  for (let m = LINE_START_SURNAME_FIRST.exec(text); m; m = LINE_START_SURNAME_FIRST.exec(text)) {
    const next = /^[\p{Lu}][\p{L}.]+/u.exec(text.slice(m.index + m[0].length));
    // "encore Ruth⏎Dreifuss, Kaspar Villiger": the word ends a name begun on the line before, not a row's surname.
    const before = /(\p{Lu}[\p{L}'’-]*)\.?[ \t]*\r?\n[ \t]*$/u.exec(text.slice(Math.max(0, m.index - 40), m.index + 1));
    const endsName = before !== null && (isGiven(before[1]!) || TITLES.has(lowerKey(before[1]!)));
    // "conseiller communal de⏎Neuchatel, Jean Môri": a line after a preposition, an article or "and" goes on with
    // the sentence (a town, here), and is no register's row.
    const midSentence = FUNCTION_WORD_AT_LINE_END.test(text.slice(Math.max(0, m.index - 16), m.index + 1));
    if (next && !endsName && !midSentence && isGiven(next[0]) && !isGiven(m[1]!) && !isStop(m[1]!))
      surnameFirst.set(m.index + m[0].length, titleCase(m[1]!));
  }
  const lang = languageOf(text);
  const inverted = invertedListEntries(text, lang);
  for (const [at, surname] of inverted.surnameByGiven) if (!surnameFirst.has(at)) surnameFirst.set(at, surname);
  RUN.lastIndex = 0;
  let readTo = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
    for (const raw of candidatesOf(m[0], m.index, text, lang)) {
      // A name read past its run's end ("Henry St. Clair") has taken the next run's word.
      if (inEntry(raw.start) || raw.start < readTo) continue;
      readTo = raw.end;
      const shaped = stripLeadingOffice(text, frenchTitle(text, joinSoftHyphen(text, raw), lang), lang);
      const c = peerageOff(
        text,
        lang === 'nl' || lang === 'other' ? withLowercaseGiven(text, withHtrInitials(text, shaped)) : shaped,
      );
      if (!c.words.length) continue;
      if (
        SHIP_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index)) ||
        SHIP_BEFORE.test(text.slice(Math.max(0, c.start - 20), c.start))
      )
        continue;
      if (c.words.every(isInitial)) continue;
      // After the elided "d'" a person is "Given Surname" ("d'Henri Dunant"); with a particle inside, the run names a
      // paper or a body and its town ("la Feuille d'Avis de Neuchâtel").
      if (/(?<![\p{L}])[dD]['’]$/u.test(text.slice(Math.max(0, c.start - 3), c.start)) && c.words.some(isParticle))
        continue;
      // "S. A. Frera, Mailand": a company (société anonyme, società anonima) in French and German papers, no person.
      if ((lang === 'de' || lang === 'fr') && c.words[0] === 'S.' && c.words[1] === 'A.') continue;
      // "de JeanRoule", "ROUNSAVEbt": the OCR glued a given name to its surname or broke a word inside; what the run
      // read is a piece of a word, no name. A whole name glued to the next sentence ("Emil JanningsUn nouveau film")
      // stays: two words at least, the last in lower case, and a capital after it.
      if (/^\p{L}/u.test(text.slice(c.end, c.end + 1)) && gluedPiece(text, c)) continue;
      // "May Build Club House", "Elizabeth Citizens": in English a club, a society, a firm or a body of people is
      // named like a person, by a word no one carries as a name.
      if (lang === 'en' && c.words.some((w) => BODY_WORD.test(titleCase(w)))) continue;
      // "(A. A. Ztg.)", "Bd. Nr.": a short last word with no vowel is an abbreviation (a paper, a volume), no surname.
      // (Longer ones are kept: OCR drops vowels from real names, "Max Knhn" for Kuhn.)
      const last = c.words[c.words.length - 1]!.replace(/\.$/, '');
      if (
        last.length >= 2 &&
        last.length <= 3 &&
        !REGNAL.test(last) &&
        !SUFFIXES.has(lowerKey(last)) &&
        !VOWEL.test(last)
      )
        continue;
      const words = c.words.map(titleCase);
      if (words.length === 2 && inverted.twoGivenAt.has(c.start)) words.reverse();
      const surname = surnameFirst.get(c.start);
      // A run of given names only ("Sarah Jane, daughter of …", "Johann Georg") is a person without a surname yet.
      // Only where a relation goes on after it ("Sarah Jane, daughter of", "Mary Ann (née Lloyd)"): "Grietje
      // Cornelis." is a patronymic name, "Harold Lloyd, et un dessin animé" a whole one.
      // After a naming phrase ("il nome di Maria Angela", "Christian names: Angus John") every word is a given name.
      const named = NAMED_BEFORE.test(text.slice(Math.max(0, c.start - 60), c.start));
      const next = text.slice(c.end, c.end + 60);
      // After "den overleeden Lieutenant" a Dutch deed writes the dead man's whole name: "Fredrik Luther" is one.
      const wholeNamed = lang !== 'en' && NL_DECEASED_BEFORE.test(text.slice(Math.max(0, c.start - 80), c.start));
      const givenOnly =
        words.length > 1 &&
        words.length <= 3 &&
        !surname &&
        !wholeNamed &&
        (named ||
          (words.every((w) => isGiven(w) && !SURNAME_LIKE.has(lowerKey(w))) &&
            (/^\s*\(/.test(next) || (/^\s*,/.test(next) && REL_OF_AFTER.test(next)) || MAIDEN_AFTER.test(next))));
      const noble =
        lang === 'de' && words.length <= 2 && !surname ? nobleParticleBefore(text, c.start, lang) : undefined;
      // "von Potsdam Berlin": after "von" a name is one word (a double name is hyphenated).
      if (noble && (noble.particle === 'v.' || words.length === 1)) {
        const nobleWords = [...noble.particle.split(' '), ...words];
        mentions.push({
          ...c,
          start: noble.start,
          words: nobleWords,
          name: nobleWords.join(' '),
          lone: false,
          written: true,
          noble: true,
        });
        continue;
      }
      const lone = (words.length === 1 || givenOnly) && !surname && !isTitledSurname(text, c, words, lang);
      const name = surname ? `${words.join(' ')} ${surname}` : words.join(' ');
      mentions.push({ ...c, words, name, lone, written: !lone });
    }
  }
  joinBrokenDoubleNames(text, mentions);
  if (lang === 'nl' || lang === 'other') {
    joinLowercaseGiven(text, mentions);
    joinLowercaseSurname(text, mentions);
    if (lang === 'nl') dropOrigin(text, mentions);
    joinSurnameAfterPatronymic(text, mentions);
  }
  for (const e of tagged) {
    const words = e.name.split(/\s+/).map((w) => titleCase(w.replace(/,$/, '.')));
    mentions.push({ words, start: e.start, end: e.end, name: words.join(' '), lone: false, written: true });
  }
  if (!entries.length) return tagged.length ? mentions.sort((a, b) => a.start - b.start) : mentions;
  for (const e of entries) {
    if (e.firm) continue;
    const words = e.name.split(' ');
    mentions.push({ words, start: e.nameStart, end: e.nameEnd, name: e.name, lone: false, written: true });
  }
  return mentions.sort((a, b) => a.start - b.start);
}

/** Whether an offset lies in one of `spans` (sorted, not overlapping): a binary search, for long texts. */
export function spanTest(spans: readonly (readonly [number, number])[]): (at: number) => boolean {
  return (at) => {
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [s, e] = spans[mid]!;
      if (at < s) hi = mid - 1;
      else if (at >= e) lo = mid + 1;
      else return true;
    }
    return false;
  };
}

/** The surname of a full name: its last word, with the particles before it ("van der Berg"). */
export function surnameOf(m: Mention): string {
  const words = m.name.split(' ').filter((w) => !SUFFIXES.has(lowerKey(w)));
  let k = words.length - 1;
  while (k > 1 && isParticleAnyCase(words[k - 1]!)) k--;
  return words.slice(k).join(' ');
}
