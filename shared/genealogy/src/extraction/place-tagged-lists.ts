/*
 * Lists that give each person with a place in brackets: the signatories of a motion ("Chuard (Lausanne), Alfred
 * Jaton (Morges), Maillefer (Lausanne), Aug. Leuba (Buttes)"), a race's placings ("3. Peschel (All) à 1' 03".
 * 4. L. Jalabert (Fr)"). A bare surname is a person there because the list is of people: two of its entries at
 * least must show it by their own shape (a given name, an initial), and three entries make the list. A list of
 * places tagged with their region ("Paris (Seine), Lyon (Rhône)") has no entry of that shape, and stays places.
 */

export interface TaggedEntry {
  start: number;
  end: number;
  /** The name as written ("Aug. Leuba", "de Dardel", "Maillefer"). */
  name: string;
}

const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]+`;
/** Initials or a short abbreviated given name ("L.", "J,", "Aug.", "J. A.") before the surname. */
const INITIALS = String.raw`(?:\p{Lu}\p{Ll}{0,3}[.,]\s*){1,2}`;
const ENTRY = new RegExp(
  String.raw`(?<=^|[,;:]|\d[.)]|\n)[ \t]*((?:${INITIALS}|${NAME_WORD}\s+)?(?:(?:de|von|van|di|da|del|d['’])\s*)?${NAME_WORD})\s*[({]\s*\p{Lu}[\p{L} .'’-]{1,30}\)`,
  'gu',
);
const SHOWN_PERSON = new RegExp(String.raw`^(?:${INITIALS}|${NAME_WORD}\s+${NAME_WORD})`, 'u');

/**
 * The entries of such a list, or none. `isGiven` says which first words are given names: an entry of two words
 * shows a person only when its first is one ("Alfred Jaton", not "La Chaux").
 */
export function placeTaggedEntries(text: string, isGiven: (word: string) => boolean): TaggedEntry[] {
  const entries: TaggedEntry[] = [];
  let shown = 0;
  ENTRY.lastIndex = 0;
  for (let m = ENTRY.exec(text); m; m = ENTRY.exec(text)) {
    const name = m[1]!;
    const start = m.index + m[0].indexOf(name);
    entries.push({ start, end: start + name.length, name });
    const first = name.split(/\s+/)[0]!;
    if (SHOWN_PERSON.test(name) && (/[.,]$/.test(first) || isGiven(first))) shown++;
  }
  return entries.length >= 3 && shown >= 2 ? entries : [];
}
