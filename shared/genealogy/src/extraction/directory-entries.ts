import { isExonym } from './exonyms';
import { GIVEN_NAMES } from './given-names';

/*
 * Trade and address directories (the Paris Bottin and its kind) write one person a line, surname
 * first: "Dupont (Jean), tailleur, r. de Chartres, 12." The general name rules read such a line
 * badly: the surname has no given name before it, the given name sits in brackets after it, and the
 * street ("r. S.-Martin", "Jean-Bart") looks like a person or a town. An entry is read here as a
 * whole: the name, the trade between the name and the address, and the address, which is never a
 * place of birth or residence in the gazetteer's sense.
 */

export interface DirectoryEntry {
  /** The entry's span in the text. */
  start: number;
  end: number;
  /** The span of the name as written, brackets included ("Destrés (Firmin)"). */
  nameStart: number;
  nameEnd: number;
  /** Given names and title first, as written ("Firmin Destrés", "Ve Gerboulet", "Michelez fils aîné"). */
  name: string;
  occupation?: string;
  /** A firm ("Borger et Cie", "Dupuis et Chabot"): its name is no one person, its street no place. */
  firm?: boolean;
  /** The span of the street and number. */
  addressStart: number;
  addressEnd: number;
}

const NAME_WORD = String.raw`(?:[DdLl]['’])?\p{Lu}[\p{L}'’]+(?:-(?:\p{Lu}[\p{L}'’]*|de|du|des|la|le|sur|en|d['’]\p{Lu}[\p{L}'’]*))*`;
/** Surname words joined by spaces or particles: "Millet Goebaut", "Caussin de Perceval", "Lemaitre de la Guetterie". */
const SURNAME = String.raw`${NAME_WORD}(?:[ \t]+(?:(?:de|du|des|d['’]|dit)[ \t]+(?:la[ \t]+)?)?${NAME_WORD}){0,3}`;
/** What a directory writes after a surname that is still the name: a younger or elder one, a son, brothers, a widow. */
const QUALIFIER = String.raw`(?:fils|père|jeune|a[îi]né|cadet|fr[èe]res|neveu|veuve|vve|ve)\.?`;
const HEAD = new RegExp(
  String.raw`^[^\p{L}\n]{0,4}(${SURNAME})(?:[ \t]*,?[ \t]*\(([^()\n]{1,30})\)?)?((?:[ \t]+${QUALIFIER})*)(?=[ \t]*[,(\uE000-\uF8FF]|[ \t]+\p{Ll})`,
  'u',
);
/** Words that open a street: "r.", "rue", "boul.", "faub.", "quai", "pl.", "pass.", "allée", "palais"… */
const STREET_MARKER =
  /^(?:r|rue|boul|boulev|boulevard|bd|faub|faubourg|fg|quai|q|pl|place|pass|passage|aven|av|avenue|all[ée]e|cour|imp|impasse|cit[ée]|chemin|ch|march[ée]|palais|pal|galerie|gal|barri[èe]re|carrefour|pont|port|cloître|enclos|cul-de-sac|rond-point|square|ruelle|villa|hameau)(?:\.|\s|$)/iu;
/** Lower-case words that belong to a street's name ("aux Ours", "au coin de la"). */
const STREET_WORDS =
  /^(?:(?:au|aux|à|a|de|du|des|la|le|les|l['’]|en|sur|coin|près|pres|vis-à-vis|derrière|devant)\s*)+$/iu;
/** After the house number: a line holding only a trade ("Bottier-cordonnier.", "Cord. pour dames."). */
const TRADE_BELOW = /^[ \t]*[.,]?[ \t]*\n[ \t]*(\p{Lu}[\p{Ll}.'’-]+(?:[ \t]+[\p{L}.'’-]+){0,4}?)\.?[ \t]*$/u;
/** Words that open a street's own name: "petite rue St-Pierre-Amelot", "Vieille rue du Temple", "grande rue". */
const STREET_ADJECTIVE = /^(?:petite?|grande?|vieille|vieux|neuve|nouvelle|basse|haute|ancienne)$/iu;
/** A house number closing the address: "12", "348 bis", "n.° 151", "117—121". */
const NUMBER = /^[ \t\n]*(?:n[o°.]*\s*°?\s*)?\d{1,3}(?:\s*(?:bis|ter))?(?:\s*[—–-]\s*\d{1,3})?\b/iu;
const MAX_ENTRY = 360;
/** Words of a sentence, which a directory's abbreviated lines do not use. */
const PROSE =
  /(?<![\p{L}])(?:the|this|that|she|he|her|his|was|were|is|are|has|had|with|der|die|das|und|ist|war|wurde|dem|den|sich|il|elle|est|était|qui|que|nous|vous|ils|sont|het|een|zijn|werd)(?![\p{L}])/iu;
const MAX_TAIL = 40;
/** Articles (French, English, German, Dutch), which open a sentence and no directory entry. */
const ARTICLE = /^(?:les|le|la|l['’]|un|une|des|the|a|an|der|die|das|ein|eine|de|het|een)$/iu;
/** Titles a directory puts in the brackets: not given names. */
const BRACKET_TITLES = new Set(
  'mlle mlles mme mmes mad ve vve veuve de dlle mis mise vte vtesse cte ctesse bon bnne m mm le la comte comtesse baron baronne marquis marquise duc duchesse vicomte chevalier'.split(
    ' ',
  ),
);
/** Firms: "Gras et co.", "Borger et Cie", "Dufan et Clémendot": not one person. */
const FIRM = /(?:^|[\s,])(?:et|&)\s+(?:co|cie|comp|c)\b\.?|\bet\s+fils\b|\bpère\s+et\b|\bsociété\b|\bveuve\s+et\b/iu;

/** The directory entries of `text`: one an entry, where the text is a directory page or a single entry. */
export function directoryEntries(text: string): DirectoryEntry[] {
  if (cache.text === text) return cache.entries;
  const entries: DirectoryEntry[] = [];
  for (const [start, end] of entrySpans(text)) {
    const e = readEntry(text, start, end);
    if (e) entries.push(e);
  }
  cache.text = text;
  cache.entries = entries;
  return entries;
}
// Candidates, acceptance, occupations and places all ask for the same text's entries: read once.
const cache: { text: string | undefined; entries: DirectoryEntry[] } = { text: undefined, entries: [] };

/** Entries start at the text's start or at a line start after a line that closed an entry (a number, a full stop). */
function entrySpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(at, lineEnd);
    const next = lineEnd + 1;
    // A line that ends on a house number closes the entry, if the next line opens a name; a full stop
    // only once the entry has had its number ("r.⏎Michel le Comte, 31." is one entry over two lines).
    const closed =
      /(?<![\d\p{L}])\d{1,3}(?:[ \t]*(?:bis|ter))?[ \t]*[.,]?[ \t]*[*|]?[ \t]*$/u.test(line) ||
      (/[.*|][ \t]*$/.test(line) && /,[ \t\n]*\d{1,3}\b/.test(text.slice(start, lineEnd)));
    if (nl >= 0 && closed && HEAD.test(text.slice(next, next + 120))) {
      spans.push([start, lineEnd]);
      start = next;
    }
    at = next;
  }
  if (start < text.length) spans.push([start, text.length]);
  return spans;
}

function readEntry(text: string, start: number, end: number): DirectoryEntry | undefined {
  const raw = text.slice(start, end);
  // An entry is a line or three; prose that happens to open "Word, …" and holds a number is not one.
  if (raw.length > MAX_ENTRY || PROSE.test(raw)) return undefined;
  const head = HEAD.exec(raw);
  if (!head) return undefined;
  const surname = head[1]!;
  // "Les délégués du parti …": an article opening a sentence, no surname (a short news item ending on a dateline,
  // "PRAGUE, 8.", has a directory's number).
  if (ARTICLE.test(surname)) return undefined;
  const bracket = head[2]?.trim();
  const qualifiers = head[3]?.trim();
  const headEnd = head.index + head[0].length;
  // "Dupuis et Chabot", "Gras (Aug.) et co.": a firm, not a person.
  const firm =
    FIRM.test(raw.slice(0, Math.min(raw.length, headEnd + 12))) || /^[ \t]+et[ \t]+\p{Lu}/u.test(raw.slice(headEnd));
  const firstWord = surname.split(/[ \t-]/)[0]!.toLowerCase();
  // A firm's name runs to the first comma ("Bonnard père et fils et Nepple de Lyon, fab. …").
  const nameStop = firm ? Math.max(headEnd, raw.indexOf(',') < 0 ? headEnd : raw.indexOf(',')) : headEnd;
  const rest = raw.slice(nameStop);
  const segments = splitSegments(rest, nameStop);
  if (!segments.length) return undefined;
  // "Whitfield, Thomas, head, 45": a register row written surname first, not a directory entry.
  const first = segments[0]!.text.trim();
  const firstToken = /^\p{Lu}\p{Ll}+(?![-\p{L}])/u.exec(first)?.[0]?.toLowerCase();
  if (firstToken && GIVEN_NAMES.has(firstToken) && !STREET_MARKER.test(first)) return undefined;
  if (GIVEN_NAMES.has(firstWord) && !bracket && surname.split(/\s+/).length > 1) return undefined;

  // The address: the segment before the house number, else the first that opens with a street word.
  let numberAt = segments.findIndex((s, i) => i > 0 && isHouseNumber(s.text));
  const streetAt = numberAt > 0 ? numberAt - 1 : segments.findIndex((s) => STREET_MARKER.test(s.text.trim()));
  if (streetAt < 0) return undefined;
  if (numberAt < 0 && !STREET_MARKER.test(segments[streetAt]!.text.trim())) return undefined;
  // An occupation written before the street in the same segment: "comm. r. St. Martin", "méd. N. D. de Nazareth".
  let occupation: string | undefined;
  const street = segments[streetAt]!;
  const split = splitTradeFromStreet(street.text);
  if (split) {
    occupation = split.trade;
    street.start += split.offset;
    street.text = street.text.slice(split.offset);
  }
  if (!occupation) {
    const trade = segments.slice(0, streetAt).find((s) => isTrade(s.text.trim()));
    if (trade) occupation = trade.text.trim();
  }
  if (numberAt < 0) numberAt = streetAt;
  // The address closes the entry: a few words may follow it ("cour des Coches.", "Roule."), not a sentence.
  if (numberAt > 6 || tailAfter(segments, numberAt, rest.length + nameStop) > MAX_TAIL) return undefined;
  // "DUFOUR, r. St.-Honoré, 291.⏎Bottier-cordonnier.": the trade on a line of its own under the address.
  const last = segments[numberAt]!;
  let addressEnd = last.start + last.text.length;
  if (!occupation && numberAt === segments.length - 1) {
    const numberEnd = last.start + (NUMBER.exec(last.text)?.[0].length ?? 0);
    const below = TRADE_BELOW.exec(raw.slice(numberEnd));
    if (below && !STREET_MARKER.test(below[1]!)) {
      occupation = below[1]!;
      addressEnd = numberEnd;
    }
  }
  // A trade in brackets after the name: "Tourlan (caros.)", "Sauvage (en porcelaine)".
  let given: string | undefined;
  let title: string | undefined;
  if (bracket) {
    const low = bracket.toLowerCase().replace(/\.$/, '');
    if (/^\p{Ll}/u.test(bracket) && !BRACKET_TITLES.has(low.split(/\s+/)[0]!)) occupation ??= `(${bracket})`;
    else if (BRACKET_TITLES.has(low.split(/\s+/)[0]!)) title = bracket;
    // "Meier (Schweiz)", "Kern (Schw.)": a results list's country in brackets, where the man is from; no entry.
    else if (isExonym(bracket)) return undefined;
    else given = bracket;
  }
  const nameEnd = headEnd;
  const nameStart = head.index + head[0].indexOf(surname);
  const name = [title, given, caseOf(surname), qualifiers].filter(Boolean).join(' ');
  return {
    start,
    end,
    nameStart: start + nameStart,
    nameEnd: start + nameEnd,
    name,
    ...(firm ? { firm } : {}),
    ...(occupation ? { occupation: occupation.replace(/\s*\n\s*/g, ' ') } : {}),
    addressStart: start + street.start,
    addressEnd: start + addressEnd,
  };
}

/** "12", "38. Roule.", "n.° 151": a house number, not a day ("12 May 1850") or a count ("3 enfants"). */
function isHouseNumber(s: string): boolean {
  const m = NUMBER.exec(s);
  if (m === null || !/^[ \t\n]*(?:n[o°.]*\s*°?\s*)?\d/iu.test(s)) return false;
  const after = s.slice(m[0].length);
  return !/^[ \t\n]+\p{L}/u.test(after) || /^[ \t\n]+(?:et|à|&)[ \t\n]+\d/u.test(after);
}

/** How much of the entry follows the address: the end of the last segment after it. */
function tailAfter(segments: Segment[], at: number, entryLength: number): number {
  const s = segments[at]!;
  const m = NUMBER.exec(s.text);
  const addressEnd = s.start + (m ? m.index + m[0].length : s.text.length);
  return entryLength - addressEnd;
}

/** Surnames printed in capitals ("PRIMARD", "BOUCHÉ") read as "Primard", "Bouché". */
function caseOf(surname: string): string {
  if (!/^[^\p{Ll}]+$/u.test(surname)) return surname;
  return surname.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

interface Segment {
  text: string;
  /** Offset within the entry. */
  start: number;
}

/** Comma-separated parts after the name, brackets kept whole; a first part opened by a space ("Dufossé bottier") too. */
function splitSegments(rest: string, offset: number): Segment[] {
  const out: Segment[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ',' || (c === '.' && /^[ \t\n]+\d/.test(rest.slice(i + 1, i + 6))))) {
      // "Crussol. 12.": some printers close the street with a full stop before the number.
      out.push({ text: rest.slice(from, i + (c === '.' ? 1 : 0)), start: offset + from });
      from = i + 1;
    }
  }
  out.push({ text: rest.slice(from), start: offset + from });
  return out.filter((s) => /\S/.test(s.text));
}

/** A trade: written in lower case ("tanneur", "fab. de bijoux", "anc. courtier"), not a decoration ("O. ✠", "Ⓑ 1834"). */
function isTrade(s: string): boolean {
  // "imp. en taille-douce", "imp. taill.-d.": a printer; an impasse goes on with its name ("imp. St-Sébastien").
  if (/^imp\.?\s+\p{Ll}/u.test(s)) return true;
  if (!/^\(?\p{Ll}/u.test(s) || STREET_MARKER.test(s)) return false;
  return /\p{L}{2}/u.test(s);
}

/** "comm. r. St. Martin" → trade "comm.", street "r. St. Martin"; "méd. N. D. de Nazareth" → "méd.", "N. D. de Nazareth". */
function splitTradeFromStreet(s: string): { trade: string; offset: number } | undefined {
  const lead = /^\s*/.exec(s)![0].length;
  const body = s.slice(lead);
  if (!/^\p{Ll}/u.test(body) || STREET_MARKER.test(body)) return undefined;
  const re =
    /[\s.]+(?=(\p{Lu}|(?:r|rue|boul|boulev|faub|fg|quai|pl|place|pass|passage|aven|av|all[ée]e|cour|impasse|chemin|march[ée]|palais|galerie)(?:\.|\s)))/gu;
  const m = re.exec(body);
  if (!m) return undefined;
  const trade = body.slice(0, m.index + (m[0].startsWith('.') ? 1 : 0)).trim();
  // "aux Ours", "au coin de la R. …": words of the street itself, not a trade.
  if (!trade || !/\p{L}{2}/u.test(trade) || STREET_WORDS.test(trade) || STREET_ADJECTIVE.test(trade)) return undefined;
  return { trade, offset: lead + m.index + m[0].length };
}
