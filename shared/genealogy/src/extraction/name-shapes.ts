import { GIVEN_NAMES, TITLES } from './given-names';
import type { TextLanguage } from './language';
import type { Candidate } from './people-types';

/*
 * Name shapes the candidate step (people-candidates.ts) reads with the text's language in mind:
 * a name broken over a line by the typesetter's "¬", French "M."/"MM." (Monsieur, Messieurs,
 * never an initial before a surname there), and a title followed by a surname alone ("Herr
 * Müller", "M. Thiers", "Mr. Bigelow"), which is a person named by surname, not a given name
 * waiting for one.
 */

/** "Daugh¬⏎try": the OCR's soft hyphen at a line end joins the next line's lower-case part to the name. */
const SOFT_HYPHEN = /^[-¬\u00AD][ \t]*\r?\n[ \t]*(\p{Ll}[\p{L}'’]*)/u;

export function joinSoftHyphen(text: string, c: Candidate): Candidate {
  const m = SOFT_HYPHEN.exec(text.slice(c.end, c.end + 40));
  if (!m) return c;
  const words = [...c.words];
  const joined = words[words.length - 1]! + m[1]!;
  // "Locher Veran¬⏎lassung": the joined word is a noun, and the name ends before it.
  if (isNotNameWord(joined)) {
    if (words.length === 1) return { ...c, words: [] };
    words.pop();
    const last = words[words.length - 1]!;
    return { ...c, words, end: text.lastIndexOf(last, c.end) + last.length };
  }
  words[words.length - 1] = joined;
  return { ...c, words, end: c.end + m[0].length };
}

/** French titles written as initials: "M. Dind", "MM. Stump et Kraft", "Mme Pelletier". */
const FRENCH_INITIAL_TITLES = new Set(['M.', 'MM.', 'Mr', 'Mme', 'Mlle', 'Mmes', 'Mlles', 'Me', 'Mad.']);

/** "MM. Braullo": a French title and the one word after it, which a surname may follow on the next line. */
export const frenchTitledWord = (words: readonly { w: string; s: number }[], text: string, lang: TextLanguage) =>
  lang === 'fr' &&
  ((words.length === 2 && FRENCH_INITIAL_TITLES.has(words[0]!.w)) ||
    // "MM." and "Mme" are no run word: the title stands right before the run.
    (words.length === 1 &&
      /(?<![\p{L}])(?:MM\.|Mmes?|Mlles?|Me)[ \t]+$/u.test(text.slice(Math.max(0, words[0]!.s - 8), words[0]!.s))));

/** "M. Calouder" in French: the title taken off the name (kept as the title), the start moved past it. */
export function frenchTitle(text: string, c: Candidate, lang: TextLanguage): Candidate {
  if (lang !== 'fr' || c.words.length < 2 || !FRENCH_INITIAL_TITLES.has(c.words[0]!)) return c;
  const rest = c.words.slice(1);
  const start = text.indexOf(rest[0]!, c.start + c.words[0]!.length);
  if (start < 0) return c;
  return { ...c, words: rest, start, title: c.words[0]! };
}

const TITLE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}¬-])(?:${[...TITLES].join('|')}|M|MM|Mme|Mlle|Me)\.?[ \t]*\r?\n?[ \t]*$`,
  'u',
);
const TITLE_BEFORE_ANY_CASE = new RegExp(
  String.raw`(?<![\p{L}¬-])(?:${[...TITLES].join('|')})\.?[ \t]*\r?\n?[ \t]*$`,
  'iu',
);

/**
 * A single capitalised word right after a title, not a given name: a surname on its own ("Herr
 * Locher", "M. Thiers"). "Mrs. Mary" is a given name waiting for its surname, and stays one.
 */
export function isTitledSurname(text: string, c: Candidate, words: string[], lang: TextLanguage): boolean {
  if (words.length !== 1 || GIVEN_NAMES.has(words[0]!.toLowerCase().replace(/[.,]/g, ''))) return false;
  if (c.title && FRENCH_INITIAL_TITLES.has(c.title)) return true;
  const before = text.slice(Math.max(0, c.start - 20), c.start);
  if (officeBefore(text, c.start, lang)) return true;
  return lang === 'fr' ? TITLE_BEFORE.test(before) : TITLE_BEFORE_ANY_CASE.test(before);
}

/**
 * Capitalised words that are never part of a personal name: sentence openers of the newspapers'
 * languages ("Après", "Dans", "Nach", "Während") and German nouns by their endings, offices
 * ("Konzertmeister", "Untersuchungsrichter", "Bundesrat") and abstracts ("Veranlassung",
 * "Bewegung", "Aenderungen"). German writes every noun with a capital, so a name run would
 * otherwise swallow them ("Locher Veranlassung").
 */
// biome-ignore format: a word list reads better packed
const OPENERS = new Set([
  'après', 'avant', 'dans', 'pour', 'selon', 'sous', 'chez', 'contre', 'depuis', 'pendant', 'puis', 'ainsi', 'aussi',
  'mais', 'donc', 'car', 'quand', 'lorsque', 'comme', 'enfin', 'ensuite', 'hier', 'aujourd', 'demain', 'voici',
  'voilà', 'cette', 'ces', 'cet', 'ce', 'il', 'elle', 'ils', 'elles', 'nous', 'vous', 'on', 'les', 'des', 'une', 'un',
  'au', 'aux', 'sa', 'son', 'ses', 'leur', 'leurs', 'notre', 'votre', 'tous', 'tout', 'toute', 'toutes', 'quant',
  'am', 'im', 'nach', 'vor', 'bei', 'mit', 'für', 'über', 'unter', 'auf', 'aus', 'durch', 'gegen', 'ohne', 'um',
  'während', 'wegen', 'seit', 'als', 'wenn', 'dann', 'doch', 'auch', 'aber', 'denn', 'oder', 'nicht', 'es', 'er',
  'sie', 'wir', 'ihr', 'ich', 'man', 'dies', 'diese', 'dieser', 'dieses', 'jeder', 'alle', 'nun', 'wie', 'was', 'wer',
  'wo', 'heute', 'gestern', 'ein', 'eine', 'einer', 'zum', 'zur', 'vom', 'beim', 'ins', 'sein', 'seine', 'ihre',
  'unsere', 'dass', 'daß', 'hierauf', 'sodann', 'ferner', 'endlich', 'zwar', 'schon', 'noch',
]);
const GERMAN_NOUN =
  /(?:meister|direktor|richter|vikar|minister|präsident|praesident|professor|inspektor|sekretär|kommandant|kanzler|chefs|pfarrer|ungen|heit|keit|schaft|ismus|ität|tion|nisse|unterricht|lichem|lichen|licher|liches|ischem|ischen|ischer|isches)$/iu;
const LONG_GERMAN_NOUN = /(?:ung|rat|räte)$/iu;

/**
 * Noun endings read in German text only (elsewhere they end names as often): participle nouns ("Beamteten",
 * "Angeklagten" is -ten and left), "-nahme" ("Entgegennahme", "Teilnahme") and plurals in "-mente" ("Elemente",
 * "Dokumente"); eight letters at least.
 */
const GERMAN_TEXT_NOUN = /(?:eten|nahme|mente)$/u;

/** Endings of German offices that German families carry as surnames abroad ("Jim Koffmeister", "Hans Richter"). */
const GERMAN_SURNAME_ENDING = /(?:meister|richter|pfarrer|vikar|kanzler)$/iu;

export function isNotNameWord(w: string, lang?: TextLanguage): boolean {
  const k = w
    .toLowerCase()
    .replace(/[.,’']+$/g, '')
    .replace(/ſ/g, 's');
  if (OPENERS.has(k)) return true;
  if (lang === 'de' && k.length >= 8 && GERMAN_TEXT_NOUN.test(k) && !GIVEN_NAMES.has(k)) return true;
  // In an English or French text such a word is a German-born family's name, not a German noun.
  if ((lang === 'en' || lang === 'fr') && GERMAN_SURNAME_ENDING.test(k)) return false;
  return (k.length >= 7 && GERMAN_NOUN.test(k)) || (k.length >= 8 && LONG_GERMAN_NOUN.test(k));
}

/*
 * Offices and ranks the papers put before a surname: "Abg. Haacke", "Reichskanzler Fürst
 * Bismarck", "den Herren Gamp", "le général Dufour", "le conseiller fédéral Motta". German writes
 * them capitalised, French mostly in lower case after an article. English offices are in TITLES
 * already (given-names.ts). Sonar's tokenised text spaces the full stop off ("Abg . Haacke").
 */
const GERMAN_OFFICES =
  'Abgg?|Abgeordnete[nr]?|Herren|Herrn|Herr|Hrn?|Frau|Fräulein|Frl|Fürst(?:en)?|Graf(?:en)?|Gräfin|Prinz(?:en)?|Prinzessin|Freiherr[n]?|Baron[s]?|Botschafter[s]?|Gesandte[nr]?|Reichskanzler[s]?|Kanzler[s]?|Minister[s]?|Reichsminister[s]?|Staatssekretär[s]?|Präsident(?:en)?|Bundespräsident(?:en)?|Bundesrat|Vorsitzende[nr]?|Kapitän(?:[ \t]+zur[ \t]+See)?|Admiral[s]?|Konteradmiral[s]?|Vizeadmiral[s]?|General[s]?|Generalleutnant[s]?|Oberst(?:en)?|Oberstleutnant[s]?|Major[s]?|Hauptmann|Leutnant[s]?|Professor[s]?|Prof|Dr|Pfarrer[s]?|Pastor[s]?|Bischof[s]?|Bürgermeister[s]?|Stadtpräsident(?:en)?|Regierungsrat|Nationalrat|Ständerat|Direktor[s]?|Dekan[s]?|Musikdirektor[s]?|Kapellmeister[s]?|Konzertmeister[s]?|Landammann[s]?|Stadtrat|Gemeinderat|Kantonsrat|Gro(?:ss|ß)rat|Oberrichter[s]?|Bundesrichter[s]?|Redaktor[s]?|Rektor[s]?|Kaiser[s]?|König[s]?|Königin|Erzherzog[s]?|Herzog[s]?|Kardinal[s]?|Kommandant(?:en)?|Konsul[s]?|Consul[s]?|General-?[KkC]onsul[s]?|Rat(?:h)?sherr(?:n|en)?|Kabinett?schef[s]?|Ingenieur[s]?|Verwalter[s]?|Architekt(?:en)?|Fabrikant(?:en)?|Bankier[s]?|Notar[s]?';
const FRENCH_OFFICES = String.raw`général|maréchal|colonel|capitaine|lieutenant|commandant|amiral|président|ministre|abbé|docteur|professeur|baron|baronne|comte|comtesse|vicomte|marquis|duc|duchesse|prince|princesse|cardinal|pasteur|curé|syndic|préfet|maire|juge|notaire|roi|reine|empereur|impératrice|sieur|citoyen|conseiller\s+fédéral|conseiller\s+d['’]état|conseiller\s+national|conseiller|député|sénateur|chancelier|ambassadeur|consul|directeur|inspecteur|secrétaire|trésorier|rédacteur|commissaire|gouverneur|vice-président|chef`;
/**
 * German offices and institutions written as compounds ("Generaladministrator Simons", "Reichsaußenministers von
 * Ribbentrop", "Kabinett Chautemps"): the office ends the word. Surname-like endings (-meister, -richter) are left out.
 * An office holder's title before a surname marks it as a man's ("Außenminister Halifax"); an institution's does not
 * ("der Regierung Preußens").
 */
const GERMAN_OFFICE_HOLDER = String.raw`\p{Lu}\p{Ll}*(?:administrator|direktor|präsident|minister|sekretär|kommissar|kommissär|inspektor|verwalter|kanzler|gesandte|botschafter)(?:s|en|n|r)?`;
const GERMAN_OFFICE_COMPOUND = `${GERMAN_OFFICE_HOLDER}|Kabinett(?:s)?|Regierung`;
const GERMAN_OFFICE_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(${GERMAN_OFFICES}|${GERMAN_OFFICE_HOLDER})[ \t]?\.?[ \t]*(?:\r?\n[ \t]*)?(?:(?:Dr|Prof)[ \t]?\.[ \t]*)?(?:(?:${GERMAN_OFFICES})[ \t]+)?$`,
  'u',
);
const FRENCH_OFFICE_BEFORE = new RegExp(
  String.raw`(?:(?<![\p{L}])(?:[Ll]e|[Ll]a|[Ll]['’]|[Dd]u|[Aa]u|[Dd]es|[Ll]es|[Dd]e)\s+|^|[,;:(]\s*)(${FRENCH_OFFICES})s?\s+$|(?<![\p{L}])(M|MM|Mme|Mmes|Mlle|Mlles|Mgr|Me|Dr)\.?\s+$`,
  'u',
);
/** Plural titles that open a list of surnames: "MM. Stump et Kraft", "den Herren Gamp, Euler und Jacobskötter", "Abgg. Rösicke, Adt", "die HH. Hüni". */
export const PLURAL_TITLE_BEFORE =
  /(?<![\p{L}])(?:MM|HH|Messieurs|Messrs|Herren|Abgg|Mesdames)[ \t]?\.?[ \t]*(?:\r?\n[ \t]*)?$/u;

/*
 * English offices and ranks a paper writes capitalised before a surname ("Warden Hoyt", "Baron
 * Schonfeld", "Count Dietrichstein", "Chief Justice Marshall", "United States Marshal Foraker").
 * The short titles (Mr, Capt, Gen, Judge…) are in TITLES; these are kept apart because a run is
 * split at every TITLES word, and several of these are surnames too ("John Bishop", "Martin Luther
 * King"): here they count only where a run opens with them. Earl, Prince and Dean are left out:
 * they are given names as often as ranks.
 */
const ENGLISH_OFFICES =
  'Warden|Governor|Gov|Lieutenant[ \t]+Governor|Senator|Sen|President|Pres|Vice[ \t-]President|Professor|Prof|Sheriff|Deputy|Mayor|Alderman|Commodore|Admiral|Count|Countess|Baron|Baroness|Duke|Duchess|Marquis|Marquess|Viscount|Emperor|Empress|Czar|Tsar|Sultan|Pasha|Bishop|Archbishop|Cardinal|Consul|Ambassador|Minister|Chancellor|Constable|Marshal|Commissioner|Superintendent|Inspector|Detective|Patrolman|Congressman|Secretary|Treasurer|Premier|Elector|Archduke|Grand[ \t]+Duke';
const ENGLISH_OFFICE_BEFORE = new RegExp(String.raw`(?<![\p{L}])(${ENGLISH_OFFICES})\.?[ \t]*(?:\r?\n[ \t]*)?$`, 'u');

/*
 * The Company's ranks a Dutch deed writes capitalised before a man's surname ("wijlende Corporaal Looth", "den
 * overleedene Militairen Klinger", "Capitain Militair Meijer"), with handwriting recognition's spellings.
 */
const DUTCH_RANKS =
  'Corporaal|Korporaal|Sergeant|Sergiant|Zergeant|Capitain|Capitein|Kapitein|Lieutenant|Luitenant|Luijtenant|Vaandrig|Vendrig|Majoor|Adsistent|Assistent|Boekhouder|Koopman|Coopman|Onderkoopman|Ondercoopman|Opperkoopman|Oppercoopman|Chirurgijn|Oppermeester|Soldaat|Schipper|Stuurman|Constabel|Militair|Militairen';
const DUTCH_RANK_BEFORE = new RegExp(String.raw`(?<![\p{L}])(${DUTCH_RANKS})[ \t]*(?:\r?\n[ \t]*)?$`, 'u');

/** The office or title right before offset `start`, in the text's language (English, French, German and Dutch), if any. */
export function officeBefore(text: string, start: number, lang: TextLanguage): string | undefined {
  const pattern =
    lang === 'de'
      ? GERMAN_OFFICE_BEFORE
      : lang === 'fr'
        ? FRENCH_OFFICE_BEFORE
        : lang === 'en'
          ? ENGLISH_OFFICE_BEFORE
          : lang === 'nl'
            ? DUTCH_RANK_BEFORE
            : undefined;
  if (!pattern) return undefined;
  // "President Harry S. Truman", "Chirurgijn Iacob W Pannesmit" cut at an initial: an English office or a Dutch
  // rank before a given name alone names no one yet.
  if (
    (lang === 'en' || lang === 'nl') &&
    GIVEN_NAMES.has(/^\p{L}+/u.exec(text.slice(start, start + 30))?.[0]?.toLowerCase() ?? '')
  )
    return undefined;
  // "gou- verneur Wellesley", "Bürger¬⏎meister Frey": an office broken over the line by the OCR's hyphen is one word.
  const before = text
    .slice(Math.max(0, start - 60), start)
    .replace(/ſ/g, 's')
    .replace(/(\p{Ll})[-¬\u00AD][ \t]*\r?\n?[ \t]*(?=\p{Ll})/gu, '$1');
  const m = pattern.exec(before);
  return m ? (m[1] ?? m[2]) : undefined;
}

const ENGLISH_OFFICE_ONLY = new RegExp(String.raw`^(?:${ENGLISH_OFFICES})\.?$`, 'u');
const OFFICE_WORD = new RegExp(String.raw`^(?:${GERMAN_OFFICES}|Frhr|Freiherr|${GERMAN_OFFICE_COMPOUND})\.?$`, 'u');
const ENGLISH_OFFICE_WORD = new RegExp(
  String.raw`^(?:${ENGLISH_OFFICES}|Vice|Grand|Lieutenant|United|States)\.?$`,
  'u',
);

/**
 * "Fürst Bismarck", "Prinz Schönburg", "Frhr. Stumm", "Warden Hoyt", "Baron Schonfeld": the rank
 * opens the run and is no part of the name (German and English).
 */
export function stripLeadingOffice(text: string, c: Candidate, lang: TextLanguage): Candidate {
  if (lang !== 'de' && lang !== 'en') return c;
  if (lang === 'en') return stripEnglishOffice(text, c);
  c = cutProvenance(text, c);
  // "im Schlosse zu Laeken", "dem Hause von Orléans": a noun, then "zu"/"von" and a place, names no one; after a
  // title the word is a surname and the rest where he is from ("Herr Frey von Zürich"). A noble "von" follows a
  // given name or a rank ("Herbert von Dirksen", "Graf zu Eulenburg").
  const first = c.words[0]!.replace(/ſ/g, 's');
  if (
    c.words.length >= 3 &&
    // The OCR capitalises them at times ("im Schlosse Zu Laeken").
    /^(?:von|zu|Von|Zu)$/.test(c.words[1]!) &&
    !GIVEN_NAMES.has(first.toLowerCase()) &&
    !OFFICE_WORD.test(first) &&
    !TITLES.has(first.toLowerCase().replace(/\.$/, ''))
  )
    return TITLE_BEFORE_ANY_CASE.test(text.slice(Math.max(0, c.start - 20), c.start)) ||
      officeBefore(text, c.start, lang)
      ? { ...c, words: [c.words[0]!], end: c.start + c.words[0]!.length }
      : { ...c, words: [] };
  let k = 0;
  while (k < c.words.length - 1 && OFFICE_WORD.test(c.words[k]!.replace(/ſ/g, 's'))) k++;
  if (k === 0) return c;
  const rest = c.words.slice(k);
  // "Kommandanten der Ordnungstruppen": a genitive after the office, no name.
  if (/^(?:der|die|das|des|den|dem)$/.test(rest[0]!)) return { ...c, words: [] };
  // "Kapitän zur See Lange", "Gesandten zur Entgegennahme": "zur"/"zum" (a preposition and its article) and the noun
  // after it complete the office or say what for; the name, if any, follows them.
  if (/^(?:zur|zum)$/.test(rest[0]!)) {
    if (rest.length <= 2) return { ...c, words: [] };
    const name = rest.slice(2);
    const nounAt = text.indexOf(rest[1]!, c.start + c.words[0]!.length);
    const at = nounAt < 0 ? -1 : text.indexOf(name[0]!.slice(0, 3), nounAt + rest[1]!.length);
    return at < 0
      ? { ...c, words: [] }
      : { ...c, words: name, start: at, title: [c.words[k - 1]!, ...rest.slice(0, 2)].join(' ') };
  }
  // "der Kaiser von Potsdam", "König von Sachsen": after a monarch "von" names a land or a town, no one.
  if (/^(?:Kaiser|König)/u.test(c.words[k - 1]!.replace(/ſ/g, 's')) && /^(?:von|zu|aus)$/.test(rest[0]!))
    return { ...c, words: [] };
  // The name's first word as written: a word joined across a break ("Chau¬ temps") is found by its head.
  const start = text.indexOf(rest[0]!.slice(0, 3), c.start + c.words[0]!.length);
  return start < 0 ? c : { ...c, words: rest, start, title: c.words[k - 1]! };
}

/** The English run's leading offices ("Chief Justice", "United States Marshal"), when one of them is an office. */
function stripEnglishOffice(text: string, c: Candidate): Candidate {
  let k = 0;
  while (k < c.words.length - 1 && ENGLISH_OFFICE_WORD.test(c.words[k]!)) k++;
  // "United States" alone opens many runs that are no office ("United States Senate"): an office word must be among them.
  if (k === 0 || !c.words.slice(0, k).some((w) => ENGLISH_OFFICE_ONLY.test(w))) return c;
  const rest = c.words.slice(k);
  // "President Harry S. Truman" split at its initial: a given name alone after an office is half a name, no one yet.
  if (rest.length === 1 && GIVEN_NAMES.has(rest[0]!.toLowerCase())) return c;
  // "Secretary Office", "President House": an institution named after the office, no one.
  if (rest.length === 1 && INSTITUTION_WORD.test(rest[0]!)) return { ...c, words: [] };
  // The name's first word as written: a word joined across a line end ("Schon-⏎feld") is found by its head.
  const start = text.indexOf(rest[0]!.slice(0, 3), c.start + c.words[0]!.length);
  return start < 0 ? c : { ...c, words: rest, start, title: c.words.slice(0, k).join(' ') };
}
const INSTITUTION_WORD =
  /^(?:Department|Office|Court|Board|Committee|Council|House|Mansion|General|Bureau|Service|Club|Society|Company|Party|College|School|Church|Hall|Street|Road|Avenue|Square|Bridge|Palace|Guard|Army|Navy|Fleet|Station|Hotel|Elect)s?['’]?s?$/u;

/**
 * "Eugen Frey von Zürich", "Hermann Schwabach zu Berlin": after a surname, "von"/"zu"/"aus" and a
 * place say where the man is from. A noble "von" follows a given name ("Johann Wolfgang von Goethe").
 */
function cutProvenance(text: string, c: Candidate): Candidate {
  const j = c.words.findIndex((w, i) => i >= 2 && /^(?:von|zu|aus)$/.test(w));
  if (j < 0 || GIVEN_NAMES.has(c.words[j - 1]!.toLowerCase())) return c;
  const at = text.slice(c.start, c.end).search(new RegExp(String.raw`\s${c.words[j]}\s`));
  return { ...c, words: c.words.slice(0, j), ...(at > 0 ? { end: c.start + at } : {}) };
}

/**
 * A newspaper dateline's town: a word in capitals, a comma, the day and a dash or the agency's bracket ("GENÈVE,
 * 18. —", "BOGOTA, 23 (A. F. P.)", "LONDON, Jan. 5 —"), even after a stray "M." the OCR left before it.
 */
export function datelineTown(text: string, m: Candidate): boolean {
  const written = text.slice(m.start, m.end);
  if (!/^[\p{Lu}\s'’-]+$/u.test(written) || written.replace(/[^\p{L}]/gu, '').length < 3) return false;
  return DATELINE_AFTER.test(text.slice(m.end, m.end + 24));
}
const DATELINE_AFTER =
  /^[ \t]*,[ \t]*(?:\p{Lu}\p{Ll}{2,8}\.?[ \t]+)?\d{1,2}(?:st|nd|rd|th|er)?[ \t]*[.,]?[ \t]*(?:[—–-]|\()/u;
