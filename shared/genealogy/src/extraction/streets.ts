import { directoryEntries } from './directory-entries';

/*
 * Streets are named after towns and people ("rue de Lille", "R. de Sèvres", "Richmond Road",
 * "Via Meravigli"), and an address is where someone lived in a town, not a town. Before places are
 * read, street names are blanked out (same length, so offsets hold): the address of a directory
 * entry whole, and elsewhere the name after a street word or before a street noun.
 */

const NAME = String.raw`\p{Lu}[\p{L}'’.]*(?:[ \t-]+(?:(?:de|du|des|la|le|l['’]|d['’])[ \t-]+)?\p{Lu}[\p{L}'’.]*){0,3}`;
/** "rue de Lille", "boul. Poissonnière", "quai Voltaire", "place de la Concorde", "via Meravigli", "faub. St-Denis". */
const AFTER_STREET_WORD = new RegExp(
  String.raw`(?<![\p{L}])(?:[Rr]ue|r\.|[Bb]oulevard|boul\.|boulev\.|[Qq]uai|[Aa]venue|aven\.|[Pp]lace|pl\.|[Ff]aubourg|faub\.|[Ii]mpasse|[Pp]assage|pass\.|[Cc]haussée|[Aa]llée|[Cc]ours|[Cc]hemin|[Rr]uelle|[Vv]ia|[Vv]iale|[Cc]alle|[Rr]ua|[Ll]argo)[ \t]+(?:(?:de[ \t]+la|de[ \t]+l['’]|du|des|de|d['’]|aux|au|la|le|del|della|dei|di)[ \t]*)?${NAME}`,
  'gu',
);
/** "Richmond Road", "Lime-Street", "Washington Street", "Bahnhofstraße": the name before a street noun. */
const BEFORE_STREET_NOUN = new RegExp(
  String.raw`(?<![\p{L}])${NAME}[ \t-]+(?:Street|St\.|Road|Rd\.|Lane|Avenue|Ave\.|Square|Terrace|Row|Crescent|Strasse|Straße|Gasse|Platz|Allee|Weg|Kai|Quai)(?![\p{L}])|(?<![\p{L}])\p{Lu}\p{Ll}+(?:straße|strasse|gasse|platz|allee|ufer|damm)(?![\p{L}])`,
  'gu',
);

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** `text` with street names and directory addresses replaced by spaces. */
export function maskStreets(text: string): string {
  const spans: [number, number][] = [];
  for (const e of directoryEntries(text)) spans.push([e.addressStart, e.addressEnd]);
  for (const re of [AFTER_STREET_WORD, BEFORE_STREET_NOUN]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) spans.push([m.index, m.index + m[0].length]);
  }
  if (!spans.length) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    if (e <= at) continue;
    const from = Math.max(s, at);
    out += text.slice(at, from) + blank(text.slice(from, e));
    at = e;
  }
  return out + text.slice(at);
}
