import { BODY_WORD, gluedPiece, joinBrokenDoubleNames, peerageOff } from './candidate-repairs';
import { directoryEntries } from './directory-entries';
import {
  dropOrigin,
  isDeedWord,
  isDeedWordAfterName,
  isPatronymic,
  joinLowercaseGiven,
  joinLowercaseSurname,
  joinSurnameAfterPatronymic,
  withHtrInitials,
  withLowercaseGiven,
} from './dutch-registers';
import { invertedListEntries } from './inverted-name-lists';
import { languageOf, type TextLanguage } from './language';
import {
  frenchTitle,
  frenchTitledWord,
  isNotNameWord,
  isTitledSurname,
  joinSoftHyphen,
  stripLeadingOffice,
} from './name-shapes';
import { TITLES } from './given-names';
import {
  givenMisreadByOneLetter,
  isGiven,
  isInitial,
  isStop,
  lowerKey,
  REGNAL,
  SURNAME_LIKE,
  titleCase,
  VOWEL,
} from './name-words';
import { nobleParticleBefore } from './noble-names';
import { placeTaggedEntries } from './place-tagged-lists';
import { AFTER_WHOLE_NAME, cuedBefore, germanStopSurname, givenAsSurname, stopWordSurname } from './surname-stops';
import type { Candidate, Mention } from './people-types';
import { MAIDEN_AFTER, NAMED_BEFORE, PARTICLE, REL_OF_AFTER, RUN } from './people-cues';
import { NL_DECEASED_BEFORE } from './testator-cues';

/* Step 1 of the people pipeline (people.ts): name candidates, runs of capitalised words split into names. */

/** Title words that follow a name: kept apart from it. */
const POST_TITLES = new Set(
  'knight knt kt esq esquire gent gentleman yeoman bart baronet bt armiger clerk clk foreman coroner'.split(' '),
);
const SUFFIXES = new Set(['jr', 'sr', 'junior', 'senior', 'jun', 'sen', 'ii', 'iii']);
const OCCUPATION_WORDS = new Set(
  'spinner weaver labourer laborer farmer servant mariner seaman miner carpenter tailor smith blacksmith shoemaker cordwainer husbandman yeoman clerk merchant grocer printer piecer minister curate vicar rector master mate'.split(
    ' ',
  ),
);
/** The clerks' office in a Dutch deed, as recognition spells it: "Clercq", "Clerq", "Clercquen", "Chrcqin" (not "Clerck"). */
const DUTCH_CLERK = /^C(?:l|hr)\p{Ll}*q\p{Ll}{0,3}[:.„]?$/u;
const isParticle = (w: string) => new RegExp(`^${PARTICLE}$`).test(w);
const isParticleAnyCase = (w: string) => new RegExp(`^${PARTICLE}$`, 'i').test(w);

/** The word at `s` joined with its continuation when a hyphen and a line end break it ("Schon-⏎feld" → "Schonfeld"). */
function brokenAtLineEnd(text: string, s: number, w: string): string {
  const rest = /^[-¬\u00AD][ \t]*\r?\n[ \t]*(\p{Ll}+)/u.exec(text.slice(s + w.length, s + w.length + 40));
  return rest ? w + rest[1] : w;
}

/** "Martin⏎Van Buren": a capitalised particle (a given name or a stop word too: "Van") before a surname on its line opens that surname. */
function particleOpensSurname(words: { w: string; nl: boolean }[], i: number): boolean {
  const next = words[i + 1];
  return (
    /^(?:[Vv]an|[Vv]on|[Dd]e|[Dd]u|[Dd]er|[Dd]en|[Ll]a|[Ll]e|[Dd]a|[Dd]i|[Dd]el|[Dd]ella|[Tt]er|[Tt]en)$/.test(
      words[i]!.w,
    ) &&
    next !== undefined &&
    !next.nl
  );
}

const SAINT_AFTER = /^(\.?)[ \t]+(\p{Lu}\p{Ll}+)(?![\p{L}'’])/u;
const PLACE_OF_BEFORE = /\b(?:County|Co\.|Parish|Psh\.?|City|Liberty|Borough|Hundred|Kingdom)\s+of\s+$/;
/** Splits a capitalised run into name candidates: at stop words, titles, line ends that do not join a given name to its surname, and second given names. */
function candidatesOf(run: string, at: number, text: string, lang: TextLanguage): Candidate[] {
  const out: Candidate[] = [];
  const re = /\S+/g;
  const words: { w: string; s: number; nl: boolean }[] = [];
  let prevEnd = 0;
  for (let m = re.exec(run); m; m = re.exec(run)) {
    words.push({ w: m[0], s: at + m.index, nl: run.slice(prevEnd, m.index).includes('\n') });
    prevEnd = m.index + m[0].length;
  }
  let cur: { w: string; s: number }[] = [];
  const wifeAfter = /^[ \t]+[Hh]is[ \t]+[Ww]ife(?!\p{L})/u.test(text.slice(at + run.length, at + run.length + 12));
  const flush = (title?: string) => {
    // Particles and initials never end a name ("Agnes Hamilton M. S." → "Agnes Hamilton").
    while (cur.length > 1 && (isParticle(cur[cur.length - 1]!.w) || isInitial(cur[cur.length - 1]!.w))) cur.pop();
    // Capitalised words before a given name that are not names ("Bergmann Heinrich Krause", "Québec Marguerite Tremblay", "Whereas John").
    // Initials just before that word are the name's own ("S. H. Clifford", "Yesterday J. H. Nelson"): the surname is
    // a given name too, and the initials stay with it.
    const firstGiven = cur.findIndex((c) => isGiven(c.w));
    let opens = firstGiven;
    while (opens > 0 && isInitial(cur[opens - 1]!.w)) opens--;
    // In a Dutch deed the word before may be a given name handwriting recognition misread by one letter ("Pierer
    // Frans Fmieheijm" for Pieter): it stays.
    if (
      firstGiven > 0 &&
      firstGiven <= 2 &&
      cur.length - firstGiven >= 1 &&
      !isGiven(cur[0]!.w) &&
      opens > 0 &&
      !(firstGiven === 1 && lang === 'nl' && givenMisreadByOneLetter(cur[0]!.w)) &&
      !givenAsSurname(cur, text) &&
      !cur.some((c) => /^(?:St\.?|Saint)$/.test(c.w))
    )
      cur = cur.slice(opens);
    // "in the County of Oxford Lettitia Green": a clerk's margin name run on after the place; the place is no name.
    if (cur.length >= 2 && PLACE_OF_BEFORE.test(text.slice(Math.max(0, cur[0]!.s - 20), cur[0]!.s))) cur = cur.slice(1);
    if (cur.length && !(cur.length === 1 && isParticle(cur[0]!.w))) {
      const last = cur[cur.length - 1]!;
      // "Ebenezer Learned's Company", "Mr. Bigelow’s talents": the possessive is not part of the name.
      const possessive = /['’]s$/.test(last.w);
      if (possessive) cur[cur.length - 1] = { w: last.w.replace(/['’]s$/, ''), s: last.s };
      const end = last.s + cur[cur.length - 1]!.w.length;
      const occupational =
        cur.length >= 2 && cur.some((c) => OCCUPATION_WORDS.has(lowerKey(c.w))) && !isGiven(cur[0]!.w);
      if (!occupational) out.push({ words: cur.map((c) => c.w), start: cur[0]!.s, end, ...(title ? { title } : {}) });
    }
    cur = [];
  };
  for (let i = 0; i < words.length; i++) {
    const { w, s, nl } = words[i]!;
    const k = lowerKey(w);
    if (nl && cur.length) {
      // A line end joins a lone given name (or a word a title or a relationship names) to a surname that follows,
      // and a name never ends in an initial or a particle: "Mr. Tally H.⏎Eddings", "their daughter, Brenda⏎Ray".
      // After "den overleedene Lerg:t" a Dutch deed writes the dead man's whole name, across the line if need be.
      const cued =
        (cur.length === 1 && cuedBefore(text, cur[0]!.s)) ||
        (lang !== 'en' &&
          cur.length <= 2 &&
          NL_DECEASED_BEFORE.test(text.slice(Math.max(0, cur[0]!.s - 80), cur[0]!.s)));
      // "den Heer Willem⏎Schol": in a Dutch deed the title before the first given name is cut off when the run is
      // flushed, so it does not count here either.
      const firstGiven = cur.findIndex((c) => isGiven(c.w));
      // So in French and English ("chancelier d'Etat Jean-Pierre⏎Porchat": "Etat" is cut off too). Not in German, where
      // every noun is capitalised: tried there, it cost precision and recall on the German train set.
      const cutBefore = lang === 'nl' || ((lang === 'fr' || lang === 'en') && !isGiven(cur[0]!.w));
      const core = cutBefore && firstGiven > 0 && firstGiven <= 2 ? cur.slice(firstGiven) : cur;
      const join =
        (cued ||
          isInitial(cur[cur.length - 1]!.w) ||
          // "Jan Hend=k⏎Muller": a clerk's abbreviated given name never ends a name either.
          /[=„]\p{Ll}{1,2}$/u.test(cur[cur.length - 1]!.w) ||
          // "Dr. Herbert von⏎Dirksen": a particle never ends a name, so the line after holds its surname.
          (cur.length >= 2 && isParticle(cur[cur.length - 1]!.w)) ||
          (core.every((c) => isGiven(c.w) || isInitial(c.w)) && core.length <= 2)) &&
        (particleOpensSurname(words, i) ||
          (!isGiven(w) &&
            (!isStop(w, text, s) || germanStopSurname(cur, w, k, nl, lang)) &&
            !(lang === 'nl' && isDeedWord(w.toLowerCase()))));
      // "Philip⏎Hendrik Lamberts", "Elisabeth⏎Anna Crombou": a Dutch deed breaks its line inside the given names, and
      // the line after goes on with another given name and the surname: one person, not two.
      const after = words[i + 1];
      const givenRunsOn =
        (lang === 'nl' || lang === 'other') &&
        core.length <= 2 &&
        core.every((c) => isGiven(c.w)) &&
        isGiven(w) &&
        after !== undefined &&
        !after.nl &&
        (isParticle(after.w) || (!isGiven(after.w) && !isStop(after.w, text, after.s)));
      // "MM. Braullo⏎Lamberti": so after a French title ("M.", "MM.", "Mme"), which the run still holds; never an article
      // or a particle opening the next line's sentence ("M. Calonder⏎Le Conseil").
      const frenchSurnameRunsOn =
        frenchTitledWord(cur, text, lang) && !isGiven(w) && !isStop(w, text, s) && !particleOpensSurname(words, i);
      // "Fredrik Balthazar⏎Jsaaksz Clercquen": a Dutch patronymic opens no name; at a line start it ends the one before.
      const patronymicEnds =
        lang === 'nl' &&
        cur.length <= 3 &&
        isGiven(cur[0]!.w) &&
        isPatronymic(w) &&
        !cur.some((c) => isPatronymic(c.w) || isStop(c.w));
      if (!join && !givenRunsOn && !frenchSurnameRunsOn && !patronymicEnds) flush();
    }
    // "Henry St. Clair", "Theodocia St. George": a saint's name after a given name is the surname, unless that given
    // name is a saint's itself ("the Parish of St. Mary St. Giles"). "St." ends the run: its name is read from the text.
    const saint =
      /^(?:St|Saint)$/.test(w) && i === words.length - 1 ? SAINT_AFTER.exec(text.slice(s + w.length)) : null;
    if (
      (lang === 'en' || lang === 'other') &&
      saint &&
      cur.length >= 1 &&
      cur.length <= 2 &&
      (isGiven(cur[0]!.w) || AFTER_WHOLE_NAME.test(text.slice(s + w.length + saint[0].length))) &&
      !/\b(?:St\.?|Saint)\s+$/.test(text.slice(Math.max(0, cur[0]!.s - 8), cur[0]!.s))
    ) {
      cur.push({ w: `${w}${saint[1]}`, s }, { w: saint[2]!, s: s + w.length + saint[0].length - saint[2]!.length });
      flush();
      continue;
    }
    if (
      isParticle(w) ||
      (cur.length &&
        /^(?:Van|Von|De|Du|Der|Den|La|Le|Da|Di|Del|Della|Dos|Das|Ter|Ten|Lo|Mc)$/.test(w) &&
        // German writes its particles in lower case: a capitalised "Der", "Den", "Das" opens a sentence ("E. K. Der Churer …").
        !(lang === 'de' && /^(?:Der|Den|Das)$/.test(w)) &&
        i + 1 < words.length &&
        !words[i + 1]!.nl)
    ) {
      if (cur.length) cur.push({ w, s });
      continue;
    }
    if (POST_TITLES.has(k)) {
      flush(titleCase(w));
      continue;
    }
    if (SUFFIXES.has(k) && cur.length >= 2) {
      cur.push({ w: titleCase(w.replace(/\.$/, '')), s });
      flush();
      continue;
    }
    if (SUFFIXES.has(k) && cur.length === 1 && isGiven(cur[0]!.w) && /^(?:jr|sr|junior|senior)$/.test(k)) {
      const only = cur[0]!;
      cur = [];
      out.push({
        words: [only.w],
        start: only.s,
        end: only.s + only.w.length,
        suffix: titleCase(w.replace(/\.$/, '')),
      });
      continue;
    }
    if (stopWordSurname(cur, w, k, text, s, nl) || germanStopSurname(cur, w, k, nl, lang)) {
      cur.push({ w, s });
      flush();
      continue;
    }
    // "Schon-⏎feld": a word broken at a line end is judged whole ("Schon" alone is German for "already").
    const whole = brokenAtLineEnd(text, s, w);
    // "Johann Baptist Jungels": after a given name, Baptist is the second given name, not the church.
    const secondGiven = k === 'baptist' && cur.length > 0 && isGiven(cur[cur.length - 1]!.w);
    if (
      SUFFIXES.has(k) ||
      (isStop(whole, text, s) && !secondGiven) ||
      TITLES.has(k) ||
      isNotNameWord(whole, lang) ||
      ((lang === 'nl' || lang === 'other') && (isDeedWordAfterName(whole) || DUTCH_CLERK.test(w)))
    ) {
      flush();
      continue;
    }
    // "Nymphas Stace Elizabeth his Wife": the run's last word, a given name before "his wife", is the wife's name.
    if (cur.length >= 2 && i === words.length - 1 && isGiven(w) && !isGiven(cur[cur.length - 1]!.w) && wifeAfter)
      flush();
    // A second person in the same run: "John Smith Mary Brown".
    if (
      cur.length >= 2 &&
      isGiven(w) &&
      !isGiven(cur[cur.length - 1]!.w) &&
      !isInitial(cur[cur.length - 1]!.w) &&
      // "Mary Mc Daniel": the clerk's "Mc" opens the surname, whatever word follows.
      cur[cur.length - 1]!.w !== 'Mc' &&
      i + 1 < words.length &&
      !words[i + 1]!.nl
    )
      flush();
    cur.push({ w, s });
    if (cur.length > 6) flush();
  }
  flush();
  return out;
}

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
