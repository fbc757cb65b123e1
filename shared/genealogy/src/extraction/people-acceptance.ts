import { directoryEntries } from './directory-entries';
import { placeTaggedEntries } from './place-tagged-lists';
import { acceptBracketedNameLists, countryInBracketsAfter, RANK_BEFORE, rankedWithTime } from './ranked-lists';
import { dutchFormulaBefore, isDutchWordNotGiven, isPatronymic } from './dutch-registers';
import { isExonym } from './exonyms';
import { inHeading } from './headings';
import { languageOf, type TextLanguage } from './language';
import { frenchTradeBefore } from './french-trades';
import { datelineTown, officeBefore, PLURAL_TITLE_BEFORE } from './name-shapes';
import type { Mention } from './people-types';
import {
  ARTICLE_BEFORE,
  BORN_TO_BEFORE,
  BRIDE_AFTER,
  BRIDE_BEFORE,
  censusAfter,
  COORD_GAP,
  cueBefore,
  DEAR_BEFORE,
  DR_TITLE_AFTER,
  GROOM_AFTER,
  GROOM_BEFORE,
  HIS_WIFE_AFTER,
  kinIn,
  LIST_GAP,
  MAIDEN_AFTER,
  MARRIED_BEFORE,
  NAMED_BEFORE,
  parenRelAfter,
  recordRoleBefore,
  REL_BEFORE,
  relBefore,
  relOfAfter,
  REL_OF_BEFORE,
  STRONG_REL_BEFORE,
  SUBJECT_AFTER,
  SUBJECT_BEFORE,
  textAfter,
  textBefore,
  TITLE_ALT,
  WIFE_NAMED_AFTER,
} from './people-cues';
import { NL_DECEASED_BEFORE, NL_RANK_WORD, NL_SLAVE_BEFORE, TESTATOR_BEFORE } from './testator-cues';
import { surnameOf } from './people-candidates';
import {
  AMBIGUOUS_GIVEN,
  givenMisreadByOneLetter,
  isCompoundGiven,
  isGiven,
  isInitial,
  isStop,
  lowerKey,
  titleCase,
} from './name-words';

/* Step 2 of the people pipeline (people.ts): which candidates are people, and surnames the words around them give. */

/** The candidates that are people: a cue, a known given name, a surname the record already gave, a list. */
export function acceptMentions(text: string, all: Mention[]): Mention[] {
  const before = (m: Mention, n?: number) => textBefore(text, m, n);
  const after = (m: Mention, n?: number) => textAfter(text, m, n);
  const knownSurnames = new Set<string>();

  // Acceptance, first pass: cues and known given names.
  const lang = languageOf(text);
  const cueOf = (m: Mention) => {
    const b = before(m);
    const a = after(m);
    const titleMatch = new RegExp(String.raw`(?<![\p{L}])(${TITLE_ALT})\.?\s+$`, 'iu').exec(b);
    // In a headline the phrases read nothing ("Farmer's Son Wins Award"): only a title or a given name counts there.
    if (inHeading(text, m.start)) {
      const titled = titleMatch && !brokenWord(b, titleMatch.index) ? titleMatch[1] : undefined;
      return {
        titled: titled ?? m.title ?? officeBefore(text, m.start, lang),
        rel: false,
        subject: false,
        strongRel: false,
        afterCue: false,
        weakAfter: false,
      };
    }
    return {
      titled:
        (titleMatch && !brokenWord(b, titleMatch.index) ? titleMatch[1] : undefined) ??
        m.title ??
        officeBefore(text, m.start, lang) ??
        frenchTradeBefore(text, m.start, m.words.join(' '), lang) ??
        (m.words.length === 1 && PLACE_PREPOSITION_BEFORE.test(b) ? undefined : POST_TITLE_AFTER.exec(a)?.[1]),
      rel:
        relCue(REL_OF_BEFORE, b, lang) ||
        (relBefore(b, lang) !== null && relCue(REL_BEFORE, b, lang)) ||
        MARRIED_BEFORE.test(b) ||
        BORN_TO_BEFORE.test(b) ||
        DEAR_BEFORE.test(b),
      subject:
        SUBJECT_BEFORE.test(b) ||
        TESTATOR_BEFORE.test(b) ||
        recordRoleBefore(b) !== undefined ||
        cueBefore(GROOM_BEFORE, b) ||
        cueBefore(BRIDE_BEFORE, b),
      strongRel: relCue(STRONG_REL_BEFORE, b, lang) || relCue(REL_OF_BEFORE, b, lang) || MARRIED_BEFORE.test(b),
      // ", Dr. Hüsgen" after a name is the next man's title, not a census column "Dr" (daughter).
      afterCue:
        (!DR_TITLE_AFTER.test(a) && (censusAfter(a, lang) !== null || parenRelAfter(a, lang) !== null)) ||
        relOfAfter(a, lang) ||
        SUBJECT_AFTER.test(a) ||
        MAIDEN_AFTER.test(a) ||
        HIS_WIFE_AFTER.test(a) ||
        WIFE_NAMED_AFTER.test(a),
      weakAfter: GROOM_AFTER.test(a.slice(0, 20)) || BRIDE_AFTER.test(a.slice(0, 20)),
    };
  };
  const cues = all.map(cueOf);
  // A directory entry's name is a person by the entry's shape (directory-entries.ts).
  const entries = directoryEntries(text);
  const entryNames = new Set(
    entries.length ? entries.map((e) => e.nameStart) : placeTaggedEntries(text, isGiven).map((e) => e.start),
  );
  // "15. Zulle à 2'24". 25. Camenzind à 2'43". 82. Dufaux m. t.": a race's placings with the time behind the winner.
  const timed = all.map((m) => rankedWithTime(text, m));
  const timedList = timed.filter(Boolean).length >= 3;
  const accepted: boolean[] = all.map((m, i) => {
    if (entryNames.has(m.start)) return true;
    // "a club girl of Ellendale, Del.": a word before a state's abbreviation is a town.
    if (US_STATE_AFTER.test(after(m, 12))) return false;
    // "Wm. Carter & Co.", "Keller & Söhne", "Dubois et Cie", "Jones Brothers": a firm's name, no person.
    if (FIRM_AFTER.test(after(m, 24))) return false;
    // "St. Clement Danes", "St Mary le Bone", "Sankt Johann": a saint's name makes a church or a parish, not a person.
    if (SAINT_BEFORE.test(before(m, 16))) return false;
    // „Wilhelm Tell", « Le Petit Journal »: a name alone in quotation marks is a work's or a paper's title.
    if (QUOTED.test(`${before(m, 3)}|${after(m, 3)}`) && !cues[i]!.titled) return false;
    if (m.noble) return true;
    // "11. Romanatti (Italien)", "52. Ott (Schwe.)": in a results list a ranked name with a country in brackets is a
    // competitor; a lone word there is his surname.
    if (
      m.words.length <= 3 &&
      !isExonym(m.words.join(' ')) &&
      RANK_BEFORE.test(before(m, 12)) &&
      countryInBracketsAfter(after(m, 30))
    ) {
      if (m.lone && !isGiven(m.words[0]!)) {
        m.lone = false;
        m.written = true;
      }
      return true;
    }
    if (timedList && timed[i]) {
      if (m.lone && !isGiven(m.words[0]!)) {
        m.lone = false;
        m.written = true;
      }
      return true;
    }
    // "dem Gesandten Oesterreichs", "des Herrn Antragstellers", "des Obersten Richters": after a German office a
    // surname stays as it is; a country in the genitive or a noun that takes the article's "-ers" names no one.
    if (lang === 'de' && m.words.length === 1 && nounAfterGermanOffice(text, m)) return false;
    const c = cues[i]!;
    // "Dan Zijne drie Zusters", "Aan Dan Julander": in Dutch "Dan" (then), "Ben", "Per" open a sentence, not a name.
    const given =
      (isGiven(m.words[0]!) && !(lang === 'nl' && isDutchWordNotGiven(m.words[0]!.toLowerCase()))) ||
      (lang === 'fr' && isCompoundGiven(m.words[0]!));
    if (ARTICLE_BEFORE.test(before(m, 10)) && !given && !c.titled) return false;
    // A Dutch deed's formulas ("compareerde voor mij", "was geteekend", "den overleedene Boekhouder") and
    // patronymics ("Jansz") name a person.
    if (
      (lang === 'nl' || lang === 'other') &&
      m.words.length >= 2 &&
      (dutchFormulaBefore(text, m.start) ||
        (NL_DECEASED_BEFORE.test(before(m, 80)) && !NL_RANK_WORD.test(m.words[0]!)) ||
        m.words.some(isPatronymic))
    )
      return true;
    // "des Hrn. Prok. Andre", "Hr. Reg. Müller": in German, one short word cut by a full stop right before the next
    // name is an office abbreviated (French "M. Ody. M. Fazy" is two men: the next name opens with a title there).
    const next = all[i + 1];
    if (
      lang === 'de' &&
      m.words.length === 1 &&
      !given &&
      m.words[0]!.length <= 5 &&
      next &&
      !isInitial(next.words[0]!) &&
      /^\.[ \t]*$/.test(text.slice(m.end, next.start))
    )
      return false;
    if (!m.lone) {
      const initials = m.words.filter(isInitial).length;
      // "J. T. Sims", "C. H. Wheeler": two initials and a surname are a person.
      if (initials >= 2 && isInitial(m.words[0]!) && !isInitial(m.words[m.words.length - 1]!)) return true;
      if (m.words.length > 4 && !given && !c.titled) return false;
      // "Lacharias Bergh": in a Dutch deed a given name misread by one letter opens a name as the given name does;
      // six letters at least and no "-en", as Dutch words one letter off a given name are ("Heden", "Jonge", "Willen");
      // never after "in", "te", Danish "i": "i Vester Åby" is a village.
      const first = m.words[0]!;
      const misread =
        (lang === 'nl' || lang === 'other') &&
        first.length >= 6 &&
        !/en$/.test(first) &&
        !/(?<![\p{L}])(?:in|te|tot|i|at|aus|zu|à)\s+$/iu.test(text.slice(Math.max(0, m.start - 6), m.start)) &&
        givenMisreadByOneLetter(first);
      return given || misread || Boolean(c.titled) || c.rel || c.subject || c.afterCue || c.weakAfter;
    }
    const w = m.words[0]!;
    if (isInitial(w) || (/\.$/.test(w) && !isGiven(w))) return false;
    // "een Jongen genaemt Koridon van mallabaar": a slave is named by one name and the land he came from.
    if ((lang === 'nl' || lang === 'other') && !isStop(w) && NL_SLAVE_BEFORE.test(before(m, 40))) {
      const origin = /^,?[ \t]*\r?\n?[ \t]*van[ \t]+(\p{L}[\p{Ll}]{2,})(?![\p{L}])/u.exec(after(m, 30));
      if (origin) {
        m.words = [...m.words, 'van', origin[1]!];
        m.end += origin[0].length;
      }
      m.lone = false;
      m.written = true;
      m.name = m.words.join(' ');
      return true;
    }
    // German and Dutch write nouns with a capital: "nicht den Hut", "der hohen Pforte" name no one.
    if (!given && !c.titled && (lang === 'de' || lang === 'nl') && NOUN_ARTICLE_BEFORE.test(before(m, 30)))
      return false;
    if (AMBIGUOUS_GIVEN.has(lowerKey(w)) && !c.rel && !c.titled && !HIS_WIFE_AFTER.test(after(m))) return false;
    if (c.titled || NAMED_BEFORE.test(before(m))) return true;
    // A word that is not a known given name needs a relationship said of it ("his wife Elspeth", "filius Joannis").
    if (!given) return c.strongRel || (c.subject && (relOfAfter(after(m), lang) || SUBJECT_AFTER.test(after(m))));
    return c.rel || c.subject || c.afterCue;
  });
  for (let i = 0; i < all.length; i++)
    if (accepted[i] && !all[i]!.lone) knownSurnames.add(lowerKey(all[i]!.words[all[i]!.words.length - 1]!));
  // Mentions opening or continuing a list of surnames after a plural title ("MM.", "Herren", "Abgg.").
  const titledList = new Set<number>();
  for (let i = 0; i < all.length; i++)
    if (accepted[i] && PLURAL_TITLE_BEFORE.test(before(all[i]!, 20).replace(/ſ/g, 's'))) titledList.add(i);
  // The last accepted mention before the one looked at: kept as the loop goes, so a long text stays linear.
  let lastAccepted = -1;
  const inTitledList = (i: number) => {
    const prev = lastAccepted < 0 ? undefined : lastAccepted;
    if (prev === undefined || !titledList.has(prev) || all[prev]!.end < all[i]!.start - 40) return false;
    return TITLED_LIST_GAP.test(text.slice(all[prev]!.end, all[i]!.start));
  };
  // Second pass: a full name whose surname the record already gave; a lone given name in a list or before "and X Surname".
  for (let pass = 0; pass < 2; pass++) {
    lastAccepted = -1;
    for (let i = 0; i < all.length; lastAccepted = accepted[i] ? i : lastAccepted, i++) {
      // "MM. Marc Peter, Rochaix, Horace Micheli, F. Ody, J. Tissières": a name accepted on its own goes on the list.
      if (accepted[i]) {
        if (inTitledList(i)) titledList.add(i);
        continue;
      }
      const m = all[i]!;
      // "Cyclisme Olano" beside "Abraham Olano": a word opening a line or a sentence must itself be a given name.
      if (
        !m.lone &&
        m.words.length <= 3 &&
        knownSurnames.has(lowerKey(m.words[m.words.length - 1]!)) &&
        !isStop(m.words[0]!) &&
        !isInitial(m.words[0]!) &&
        (isGiven(m.words[0]!) || Boolean(cues[i]!.titled) || !/(?:^|[.!?:;"«»\d\n])\s*$/u.test(before(m, 12)))
      ) {
        accepted[i] = true;
        continue;
      }
      // "MM. Stump, Kraft et Dind", "den Herren Gamp, Euler und Jacobskötter": surnames listed after a plural title.
      if (m.words.length <= 3 && !isStop(m.words[0]!) && inTitledList(i)) {
        accepted[i] = true;
        titledList.add(i);
        // A surname of the list, not a given name waiting for one.
        if (m.words.length === 1 && !isGiven(m.words[0]!)) {
          m.lone = false;
          m.written = true;
        }
        continue;
      }
      if (!m.lone || !isGiven(m.words[0]!) || AMBIGUOUS_GIVEN.has(lowerKey(m.words[0]!))) continue;
      const prev = previousAccepted(accepted, i);
      const next = all[i + 1];
      const inList =
        prev !== undefined && LIST_GAP.test(text.slice(all[prev]!.end, m.start)) && all[prev]!.end > m.start - 40;
      const coordinated = next !== undefined && accepted[i + 1] && COORD_GAP.test(text.slice(m.end, next.start));
      if (inList || coordinated) accepted[i] = true;
    }
  }
  acceptBracketedNameLists(text, all, accepted);
  const mentions = all.filter((m, i) => accepted[i] && !datelineTown(text, m));
  return mentions;
}

/** Maiden names and "Thomas and Ann Whitfield": surnames for lone given names; the maiden surname itself is no person. */
export function shareSurnames(text: string, mentions: Mention[]): Mention[] {
  const after = (m: Mention, n?: number) => textAfter(text, m, n);
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    const maiden = MAIDEN_AFTER.exec(after(m));
    const maidenName = (maiden?.[1] ?? '')
      .split(/\s+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .join(' ');
    if (maiden && maidenName && !isStop(maidenName)) {
      m.maiden = titleCase(maidenName);
      if (m.lone) {
        m.name = `${m.name} ${m.maiden}`;
        m.lone = false;
        m.written = true;
      }
    }
  }
  // Mentions that took their surname from the next name: a chain goes on only through them.
  const shared = new Set<number>();
  for (let i = mentions.length - 2; i >= 0; i--) {
    const m = mentions[i]!;
    const next = mentions[i + 1]!;
    const gap = text.slice(m.end, next.start);
    // "Clarence, Alvin and Roy Hanson": a chain of given names ending "and <full name>" shares its surname; not
    // "MM. Marc Peter, Rochaix, … et Sigg", where the names after the comma are surnames of their own.
    const chained = /^\s*,\s*$/.test(gap) && shared.has(i + 1);
    if (m.lone && !next.lone && (COORD_GAP.test(gap) || chained)) {
      m.name = `${m.name} ${surnameOf(next)}`;
      m.lone = false;
      m.written = true;
      shared.add(i);
    }
  }
  // The maiden surname itself is not a person.
  const maidenStarts = new Set<number>();
  for (const m of mentions) {
    if (!m.maiden) continue;
    const at = text.indexOf(m.maiden.split(' ')[0]!, m.end);
    if (at >= 0 && at - m.end < 20) maidenStarts.add(at);
  }
  const ms = mentions.filter((m) => !maidenStarts.has(m.start));
  return ms;
}

/**
 * A relationship phrase's match, unless its slot for a lower-case word ("son of the late", "wife
 * of said") holds a capitalised one: the cue regexes are case-insensitive, so "Natives' Son
 * Acclaimed" and "Girl at" in a heading would otherwise read as "son of"-like cues.
 */
function relCue(re: RegExp, b: string, lang: TextLanguage): boolean {
  const m = kinIn(lang, re.exec(b));
  if (!m) return false;
  const rel = m[1] ?? m[2] ?? '';
  const at = m[0].toLowerCase().indexOf(rel.toLowerCase());
  const tail = m[0].slice(at + rel.length);
  return !/(?:^|\s)\p{Lu}\p{Ll}+\s+$/u.test(tail) || TITLE_TAIL.test(tail);
}
const TITLE_TAIL = new RegExp(String.raw`(?<![\p{L}])(?:${TITLE_ALT})\.?\s+$`, 'iu');

/** "W. Stallings, Esq.", "Rizup Rawles, Esqr:", "Thos. Hall, Gent.", "J. Mann, Jr.": an honorific after the name is said of a man. */
const POST_TITLE_AFTER =
  /^[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?(Esq(?:r|re|uire)?|Gent|Knt|Bart|Jr|Sr)(?:[.:]|(?=[ \t]*[,;)]))/u;
/** "of the County of Wexford, Gent.": the title after one word that follows "of" is its man's; the place is no person. */
const PLACE_PREPOSITION_BEFORE = /(?<![\p{L}])(?:of|in|at|near|from)[ \t]*\r?\n?[ \t]*$/iu;
/** A saint, or Our Lady ("Unserer Lieben Frau von Hanswijck", "Notre-Dame de Lourdes"): a church, a shrine, a feast. */
const SAINT_BEFORE =
  /(?<![\p{L}])(?:St|Ste|Saint|Sainte|Sankt|San|Santa|Santo|São|Sto|[Ll]ieben[ \t]*\r?\n?[ \t]*Frau|Notre[- ]Dame)[.:]?[ \t]*\r?\n?[ \t]*$/u;
const QUOTED = /[„“"«‹‚‘]\s*\|\s*[“”"»›‘’]/u;
const FIRM_AFTER =
  /^\s*(?:(?:&|et|und|and)\s*(?:Co|Cie|Comp|Company|Söhne|Soehne|Sons|Fils|Brothers|Bros|Frères|Freres|Gebrüder)\b|(?:Brothers|Bros|Frères|Freres|Gebrüder|Söhne)\b)/u;

/** A United States state's abbreviation after a comma, as newspapers write a town's state ("Ellendale, Del."). */
const US_STATE_AFTER =
  /^,[ \t]*(?:Ala|Ariz|Ark|Calif?|Colo|Conn|Del|Fla|Ga|Ill|Ind|Kans?|Ky|La|Md|Mass|Mich|Minn|Miss|Mo|Mont|Nebr?|Nev|N\.[ \t]?[HJMYCD]|Okla|Ore|Pa|Penn|R\.[ \t]?I|S\.[ \t]?[CD]|Tenn|Tex|Vt|Va|Wash|W\.[ \t]?Va|Wis|Wyo)\.(?![\p{L}])/u;

/** Between two names of a list: a comma, "et", "und", "u.", "and", a title or a bracketed party ("(nl.)") allowed. */
const TITLED_LIST_GAP =
  /^(?:\s*\([^()\n]{1,20}\)\s*|\s+(?:in|à|de|von|aus)\s+\p{Lu}[\p{L}-]+)?\s*(?:,|\bet\b|\bund\b|\bu\s?\.|\band\b|&)\s*(?:(?:M|MM|Dr|Prof|Hr)\s?\.?\s*)?$/u;

function nounAfterGermanOffice(text: string, m: Mention): boolean {
  const w = m.words[0]!.replace(/ſ/g, 's');
  if (!officeBefore(text, m.start, 'de')) return false;
  if (isExonym(w)) return true;
  return (
    w.length >= 8 &&
    /\p{Ll}ers$/u.test(w) &&
    GENITIVE_OFFICE_BEFORE.test(text.slice(Math.max(0, m.start - 40), m.start))
  );
}
/** "des Herrn ", "des Obersten⏎": the genitive article and the office word right before a word. */
const GENITIVE_OFFICE_BEFORE = /(?<![\p{L}])des[ \t]*\r?\n?[ \t]*\p{Lu}\p{L}+\.?[ \t]*\r?\n?[ \t]*$/u;

/** "brin¬⏎gen.": a title word that is the end of a word broken over the line, not a title. */
function brokenWord(b: string, at: number): boolean {
  // The line after may open with a quotation mark, as German papers mark every line of a quoted passage ("stren¬⏎„gen").
  return /[¬\u00AD-][ \t]*\r?\n[ \t]*[„"»«‚]?[ \t]*$/u.test(b.slice(Math.max(0, at - 7), at));
}

/** An article or a preposition with the article in it, right before the word: German and Dutch nouns. */
const NOUN_ARTICLE_BEFORE =
  /(?<![\p{L}])(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|zur|zum|im|am|vom|beim|ins|het|een|de|der|den)\s+(?:\p{Ll}+\s+)?$/iu;

function previousAccepted(accepted: boolean[], i: number): number | undefined {
  for (let j = i - 1; j >= 0; j--) if (accepted[j]) return j;
  return undefined;
}
