import { GIVEN_NAMES, TITLES } from './given-names';
import type { TextLanguage } from './language';
import { STOP } from './name-stop-words';

/*
 * Lists that write each person surname first, with no comma between surname and given name: a Swiss paper's
 * election list ("Burkhard Werner, Ingenieur, Denzler Albert, Dr., Moser Robert Ingenieur, Vögeli Arnold"), a
 * French roll ("Dupont Jean, Martin Pierre"). The given name is known and the word before it is not; one such
 * entry alone could be a place or a title ("Fort William"), so the list must hold two.
 */

/** Words that head a place or an institution before a given name ("Port Elizabeth", "Lake George", "Saint John"). */
// biome-ignore format: a word list reads better packed
const PLACE_HEADS = new Set([
  'port', 'fort', 'lake', 'cape', 'mount', 'saint', 'sankt', 'san', 'santa', 'bad', 'new', 'neu', 'camp', 'bay',
  'isle', 'point', 'villa', 'hotel', 'café', 'cafe', 'rue', 'place', 'quai', 'pont', 'mont', 'lac', 'kap', 'hafen',
]);

const ENTRY =
  /(?:^|[,;:]|\.(?=[ \t])|\r?\n|(?<![\p{L}])(?:Herren|HH\.|MM\.|Messieurs)[ \t])[ \t]*(?:\r?\n[ \t]*)?(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ \t]+(\p{Lu}\p{Ll}+)(?=[ \t]*(?:[,;]|\r?\n|$)|\s+\p{Lu}\p{Ll}+[ \t]*[,;.])/gu;

const key = (w: string) => w.toLowerCase();

export interface InvertedEntries {
  /** An entry's surname by the offset of its given name: findMentions reads "Albert" as "Albert Denzler". */
  surnameByGiven: Map<number, string>;
  /** Where an entry of two given names starts ("Burkhard Werner", "Martin Pierre"): read the other way round. */
  twoGivenAt: Set<number>;
}

/**
 * The entries of an inverted list. An entry of two given names follows the order of the list it stands in, once
 * two entries have shown that order. Not in English text, where a list of
 * that shape is rare and "Fort William, Port Arthur" is not.
 */
export function invertedListEntries(text: string, lang: TextLanguage): InvertedEntries {
  const found: InvertedEntries = { surnameByGiven: new Map(), twoGivenAt: new Set() };
  if (lang === 'en') return found;
  const entries: { start: number; at: number; surname: string; clear: boolean }[] = [];
  ENTRY.lastIndex = 0;
  for (let m = ENTRY.exec(text); m; m = ENTRY.exec(text)) {
    const [surname, given] = [m[1]!, m[2]!];
    const s = key(surname);
    // The next entry may start at the comma this one ends on.
    ENTRY.lastIndex = m.index + m[0].length;
    if (STOP.has(s) || TITLES.has(s) || PLACE_HEADS.has(s)) continue;
    if (!GIVEN_NAMES.has(key(given)) || STOP.has(key(given))) continue;
    const at = m.index + m[0].length - given.length;
    entries.push({ start: text.lastIndexOf(surname, at), at, surname, clear: !GIVEN_NAMES.has(s) });
  }
  const clear = entries.filter((e) => e.clear);
  if (clear.length < 2) return found;
  const [from, to] = [clear[0]!.at - 80, clear.at(-1)!.at + 80];
  for (const e of entries) {
    if (e.clear) found.surnameByGiven.set(e.at, e.surname);
    else if (e.at >= from && e.at <= to) found.twoGivenAt.add(e.start);
  }
  return found;
}
