import { GIVEN_NAMES } from './given-names';
import { STOP } from './name-stop-words';
import { givenMisreadByOneLetter } from './name-words';
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
  const initials = m[1]!.trim().split(/[ \t]+|(?<=[:=„])(?=\p{Lu})/u);
  // "D: E:" is De Edele, "E:" Edele, "M=r" Meester: titles, not initials.
  if (/^D[:„]$/.test(initials[0]!) && /^E[:=„]/.test(initials[1] ?? '')) initials.shift();
  while (initials.length && /^(?:E|M)[:=„]/.test(initials[0]!) && !/^M:$/.test(initials[0]!)) initials.shift();
  if (!initials.length) return c;
  const at = text.lastIndexOf(initials[0]!, c.start);
  if (at < 0) return c;
  return { ...c, words: [...initials, ...c.words], start: at };
}

/** Given names of other languages that are everyday Dutch words in lower case ("dan", "ben", "anders", "per"). */
const DUTCH_WORD_NOT_GIVEN = new Set([
  'dan',
  'ben',
  'anders',
  'per',
  'job',
  'mark',
  'will',
  'may',
  'hope',
  'rose',
  'grace',
]);
export const isDutchWordNotGiven = (lower: string) => DUTCH_WORD_NOT_GIVEN.has(lower);
const LOWERCASE_GIVEN_BEFORE =
  /(?<![\p{L}'’„=-])(\p{Ll}{3,})[ \t]+((?:(?:van|de|der|den|ter|ten|vander|vanden|in)[ \t]+)*)$/u;

/**
 * "willem Kerkman", "anthonij de Jong", "maria Cornelia": handwriting recognition writes a given name in lower case
 * before the surname. A lower-case word that is a known given name (and no Dutch word) right before the name, with
 * only particles between, opens it.
 */
export function withLowercaseGiven(text: string, c: Candidate): Candidate {
  const window = text.slice(Math.max(0, c.start - 40), c.start);
  const m = LOWERCASE_GIVEN_BEFORE.exec(window.slice(window.lastIndexOf('\n') + 1));
  if (!m) return c;
  const given = m[1]!;
  // "Jan daniel Beyhon", "Johannes⏎fredrik Sieverts": after a given name the lower-case one is a middle name
  // (joinLowercaseGiven's); after a title ("den Heer willem Diederik Pielat") it opens the name.
  const at = c.start - m[0].length;
  const word = /(\p{Lu}\p{Ll}+)[ \t]*\r?\n?[ \t]*$/u.exec(text.slice(Math.max(0, at - 30), at));
  if (word && GIVEN_NAMES.has(word[1]!.toLowerCase())) return c;
  if (!GIVEN_NAMES.has(given) || DUTCH_WORD_NOT_GIVEN.has(given) || STOP.has(given) || DEED_WORDS.has(given)) return c;
  const particles = m[2]!
    .trim()
    .split(/[ \t]+/)
    .filter(Boolean);
  // "george otto Dijkman": two given names in lower case.
  const first = /(?<![\p{L}'’„=-])(\p{Ll}{3,})[ \t]+$/u.exec(text.slice(Math.max(0, at - 20), at));
  if (first && GIVEN_NAMES.has(first[1]!) && !DUTCH_WORD_NOT_GIVEN.has(first[1]!) && !DEED_WORDS.has(first[1]!))
    return { ...c, words: [first[1]!, given, ...particles, ...c.words], start: at - first[0].length };
  return { ...c, words: [given, ...particles, ...c.words], start: at };
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

/*
 * Handwriting recognition also writes surnames in lower case: "Egbert blomhert", "Joan Adriaan
 * dreijer", "Daniel van fokkenberg". A run of given names with nothing after it but a lower-case
 * word (with its particle) lacks its surname, and that word is it, unless it is one of the deed's
 * own words: a verb ("zijnde", "wonende"), a title or occupation, a pronoun, a month.
 */
const DEED_WORDS = new Set(
  `de den der het een en ende of ofte als dat die dit deze deeze dese desen zijn sijn zyn zijne sijne haar hare hem
  hij hy zij sy zig zich mij my mijn myn ons onze wij wy gij uw is was waren wert werd wierd wordt worden heeft hebben
  had hadde zal sal zullen zoude souden kan konnen mag mogen moet moeten met mitsgaders nevens bij by in op aan aen te
  tot toe voor voorts vanden na naar nae om over onder uit uijt uyt door tegen zonder sonder binnen buiten buijten
  alhier aldaar alsmede mede nog noch ook oock niet geen gene alle alles wel zeer seer dog doch maar maer edog egter
  echter zo zoo soo hier daar daer toen thans nu nogtans weder wederom des deses dezes deeses desselfs derzelve
  dezelve deselve zelve selve welke welk dewelke hetwelk wiens gemelte gemelde voornoemd voornoemde voorschreven
  genaamt genaamd genoemd genoemde bescheiden bescheijden bescheyden woonagtig woonachtig geboortig geboren gebooren
  overleden overleedene overleeden wijlen oud out jaren jaaren jaar ziek siek zwak swak bedde tebedde vrouw man soon
  broeder zuster suster kind kinderen heer heere juffrouw burger dienaar schip comptoir comptoire stad
  koopman coopman kopman ondercoopman onderkoopman opperkoopman boekhouder soldaat matroos adsistent assistent
  corporaal sergeant schipper stuurman notaris secretaris vrije vrij vrijburger lager
  ene eene twee drie vier vijf van vander vanden ter ten
  januarij februarij maart april meij mei junij julij augustus september october oktober november december`.split(
    /\s+/,
  ),
);
/** One of a Dutch deed's own words ("overleeden", "zijnde", "testateur"), which no name holds. */
export const isDeedWord = (lower: string) => DEED_WORDS.has(lower);
/** Participles, adverbs and abstract nouns: "zijnde", "wonende", "eerlijk", "gezondheid", "erfenis". */
const DEED_ENDINGS = /(?:nde|lijk|lyk|lijke|lyke|heid|heijd|schap|nis|ing)$/u;

/*
 * Words a deed writes after a name, capitalised or not, that no name holds: "beijde" (both), "nevens" ("Neffens"),
 * "eenige" (some); the notaries' Latinate verbs, "nomineer", "institueer", "legateer" and any past tense in
 * "-eerde" ("Exhibeerde"); participles in "ge-…-ene" ("genotene", "gemeldene"); adverbs in "-halven" ("amptshalven").
 */
const DEED_WORDS_AFTER_NAME = new Set(
  'beijde beide beyde bijde nevens neffens neevens eenige eenig eenigh eenighe'.split(' '),
);
const DEED_SHAPES = /^(?:\p{Ll}{2,}(?:ine|ue|ate)er|\p{Ll}{3,}eerden?|ge\p{Ll}{3,}ene|\p{Ll}{2,}halven?)$/u;
/** A Dutch deed's word that may follow a name and is none of it ("Arij beijde", "Paulus Exhibeerde"). */
export const isDeedWordAfterName = (w: string) => {
  const k = w.toLowerCase().replace(/[.,:;]+$/, '');
  return DEED_WORDS_AFTER_NAME.has(k) || DEED_SHAPES.test(k);
};
/** A word recognition glued to the next ("voortnotaris", "twintigrd"): an office or a number in it. */
const GLUED = /notaris|clercq|scriba|twintig|dertig|veertig|vijftig|hondert|honderd/u;

/** "Egbert blomhert", "Daniel van fokkenberg": the lower-case surname after given names joined to them, in place. */
export function joinLowercaseSurname(text: string, ms: Mention[]): void {
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    if (m.words.length > 3 || !m.words.every((w) => GIVEN_NAMES.has(w.toLowerCase()))) continue;
    // "Jan fredrik brouwer", "Joan marinus de Ionge", "Ian hugo van der Putten": a lower-case given name first, then
    // the surname (lower-case or not, with its particle).
    const middle =
      /^[ \t]+(\p{Ll}{3,})[ \t]+((?:(?:[Vv]an|[Dd]e|[Tt]er|[Tt]en|vander|vanden)[ \t]+(?:(?:der|den|de)[ \t]+)?)?)(\p{L}\p{Ll}[\p{Ll}'’]{1,})(?=[\s,.;:/]|$)/u.exec(
        text.slice(m.end, m.end + 50),
      );
    const after =
      middle && GIVEN_NAMES.has(middle[1]!) && !GIVEN_NAMES.has(middle[3]!.toLowerCase())
        ? middle
        : /^[ \t]+((?:(?:[Vv]an|[Dd]e|[Tt]er|[Tt]en|vander|vanden)[ \t]+(?:(?:der|den|de)[ \t]+)?)?)(\p{Ll}[\p{Ll}'’]{2,})(?=[\s,.;:/]|$)/u.exec(
            text.slice(m.end, m.end + 40),
          );
    if (!after) continue;
    const given = after === middle ? [middle[1]!] : [];
    const particle = after === middle ? middle[2]! : after[1]!;
    const surname = after === middle ? middle[3]! : after[2]!;
    const lower = surname.toLowerCase();
    if (STOP.has(lower) || DEED_WORDS.has(lower) || DEED_ENDINGS.test(lower) || GLUED.test(lower)) continue;
    if (isDeedWordAfterName(lower) || (given.length && isDeedWordAfterName(given[0]!))) continue;
    // Three letters are a surname only after its particle ("de wit") or a given name; alone they are a cut word ("bat").
    if (!particle && !given.length && surname.length < 4) continue;
    const next = ms[i + 1];
    const end = m.end + after[0].length;
    // The capitalised surname read as a name of its own ("Sas", "Putten") is this name's end.
    if (next && next.start < end && !(given.length && next.end <= end)) continue;
    if (next && next.start < end) ms.splice(i + 1, 1);
    const words = [
      ...m.words,
      ...given,
      ...particle
        .trim()
        .split(/[ \t]+/)
        .filter(Boolean),
      surname,
    ];
    ms[i] = { ...m, words, end, name: words.join(' '), lone: false, written: true };
  }
}

/*
 * "Jurgen Rosenhagen van Lomen Corporaal", "Pieter Somerhof van Amsterdam": a Dutch deed writes where a man comes from
 * after his whole name. Once a given name and a surname are written, "van" and the word after it is his origin. A
 * "van" right after a given name is the surname ("Pieter Willem van Imhoff"), after a patronymic too ("Jan Pietersz
 * van Riebeeck"), and so is "van der", "van den", "van de" ("Jacob Hendrik van der Parra").
 */
export function dropOrigin(text: string, ms: Mention[]): void {
  for (const m of ms) {
    if (m.name !== m.words.join(' ')) continue;
    const i = m.words.findIndex((w, k) => k >= 2 && /^[Vv]an$/.test(w));
    if (i < 0) continue;
    const before = m.words.slice(0, i);
    const surname = before[i - 1]!;
    const next = m.words[i + 1];
    if (!next || /^(?:der|den|de|t|ter|ten)$/i.test(next)) continue;
    // A given name misread by one letter ("Catharina Elitabeth van Gijsel") is no surname either.
    if (!GIVEN_NAMES.has(before[0]!.toLowerCase()) || GIVEN_NAMES.has(surname.toLowerCase())) continue;
    if (givenMisreadByOneLetter(surname)) continue;
    if (!/^\p{Lu}\p{Ll}{2,}$/u.test(surname) || isPatronymic(surname) || /sz[.:]?$|se$/.test(surname)) continue;
    if (before.some((w) => /^(?:[Vv]an|[Dd]e|[Dd]er|[Dd]en|[Tt]er|[Tt]en|vander|vanden)$/.test(w))) continue;
    // The name's end in the text: each kept word found in turn from its start.
    let at = m.start;
    for (const w of before) {
      const k = text.indexOf(w, at);
      if (k < 0 || k > m.end) {
        at = -1;
        break;
      }
      at = k + w.length;
    }
    if (at < 0) continue;
    m.words = before;
    m.name = before.join(' ');
    m.end = at;
  }
}

/** Offices, ranks and the clerks' "Clercq(uen)" a deed writes after a name, capitalised: no surname. */
const OFFICE_AFTER_NAME =
  /^(?:c[lh]\p{Ll}*q\p{Ll}*|secretar\p{Ll}*|boekhouder|luij?tenant|lieutenant|capit\p{Ll}+|corporaal|sergeant|vaandrig|vendrig|adsistent|assistent|chirurgijn|soldaat|matroos|mattroos|bootsman|constapel|schieman|koopman|coopman|\p{Ll}*co{1,2}pman|\p{Ll}*ko{1,2}pman)$/u;

/**
 * "Willem Iacobsz: Iordijn", "Geete Jacobsz:⏎Fordijn": a Dutch name runs given name, patronymic, surname, and the
 * clerk's colon after the patronymic and a line end do not end it. The capitalised word after the patronymic is the
 * surname unless it is a given name (the next person), an office or rank, or one of the deed's own words.
 */
export function joinSurnameAfterPatronymic(text: string, ms: Mention[]): void {
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    if (m.words.length > 3 || m.name !== m.words.join(' ') || !isPatronymic(m.words[m.words.length - 1]!)) continue;
    const after = /^[:.]?[ \t]*\r?\n?[ \t]*(\p{Lu}\p{Ll}{3,})(?=[\s,.;:/]|$)/u.exec(text.slice(m.end, m.end + 40));
    if (!after) continue;
    const word = after[1]!;
    const k = word.toLowerCase();
    if (GIVEN_NAMES.has(k) || STOP.has(k) || DEED_WORDS.has(k) || DEED_ENDINGS.test(k) || GLUED.test(k)) continue;
    if (isDeedWordAfterName(k) || OFFICE_AFTER_NAME.test(k) || /(?:ige|ede|eren|elen)$/.test(k)) continue;
    const end = m.end + after[0].length;
    const next = ms[i + 1];
    if (next && next.start < end) {
      if (next.words.length > 1) continue;
      ms.splice(i + 1, 1);
    }
    const words = [...m.words.map((w) => w.replace(/[:.]$/, '')), word];
    ms[i] = { ...m, words, end, name: words.join(' '), lone: false, written: true };
  }
}
