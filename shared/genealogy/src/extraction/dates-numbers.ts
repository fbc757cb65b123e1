/**
 * Numbers written in words, as records write days and years: "six and twentieth", "twenty-sixth",
 * "one thousand seven hundred and forty-one", "vingt-trois", "mil huit cent quarante-cinq",
 * "sechsundzwanzigsten", "achtzehnhundertzweiundfünfzig", "vigesima sexta", "millesimo
 * septingentesimo quadragesimo primo", "veintiséis", "milleottocentosettantaquattro",
 * "zevenentwintigsten". Words are compared without accents and case; a word glued from number
 * words (German, Dutch, Italian, Spanish) is split into them.
 */

/** n: adds its value (0–99, or 100–900 for the Latin/Spanish hundreds); h: hundreds; t: thousands; c: "and". */
type Kind = 'n' | 'h' | 't' | 'c';
interface Entry {
  value: number;
  kind: Kind;
  ordinal: boolean;
  /** A cardinal that these languages write for a day of the month ("le vingt-trois mars", "a tres de mayo"). */
  cardinalDay: boolean;
}
const LEXICON = new Map<string, Entry>();
function add(words: string, value: number, kind: Kind, ordinal: boolean, cardinalDay = false): void {
  for (const w of words.split(' ')) {
    const had = LEXICON.get(w);
    LEXICON.set(w, { value, kind, ordinal, cardinalDay: cardinalDay || (had?.cardinalDay ?? false) });
  }
}
const UNITS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const TENS = [20, 30, 40, 50, 60, 70, 80, 90];
/** Words for 1–19 and 20–90 in one language, in order, "|" for none; several spellings joined by "/". */
function table(units: string, tens: string, ordinal: boolean, cardinalDay: boolean): void {
  const put = (list: string, values: number[]) =>
    list.split(' ').forEach((w, i) => {
      if (w !== '|') for (const s of w.split('/')) add(s, values[i]!, 'n', ordinal, cardinalDay);
    });
  put(units, UNITS);
  put(tens, TENS);
}
// English (cardinals are not days: "the twenty-sixth", never "the twenty-six").
table(
  'one two three four five six/sixe seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen',
  'twenty thirty forty/fourty fifty sixty seventy eighty ninety',
  false,
  false,
);
table(
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth/twelvth/twelveth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth',
  'twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth',
  true,
  false,
);
add('hundred', 100, 'h', false);
add('thousand', 1000, 't', false);
// French.
table(
  'un/une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize | | |',
  'vingt/vingts trente quarante cinquante soixante | | |',
  false,
  true,
);
table(
  'premier/premiere/unieme deuxieme/second/seconde troisieme quatrieme cinquieme sixieme septieme huitieme neuvieme dixieme onzieme douzieme treizieme quatorzieme quinzieme seizieme | | |',
  'vingtieme trentieme | | | | | |',
  true,
  false,
);
add('cent cents', 100, 'h', false);
add('mil mille', 1000, 't', false);
// German: ordinals with their case endings ("dritte", "dritten", "dritter").
table(
  'ein/eins/eine zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn sechzehn siebzehn/siebenzehn achtzehn neunzehn',
  'zwanzig dreissig/dreißig vierzig funfzig sechzig siebzig/siebenzig achtzig neunzig',
  false,
  false,
);
const GERMAN_ORDINALS =
  'erste zweite dritte vierte funfte sechste siebte/siebente achte neunte zehnte elfte zwolfte dreizehnte vierzehnte funfzehnte sechzehnte siebzehnte achtzehnte neunzehnte';
const GERMAN_TENS_ORDINALS = 'zwanzigste dreissigste/dreißigste | | | | | |';
const endings = (list: string) =>
  list
    .split(' ')
    .map((w) => (w === '|' ? w : ['', 'n', 'r', 's', 'm'].map((e) => w.replaceAll('/', `${e}/`) + e).join('/')))
    .join(' ');
table(endings(GERMAN_ORDINALS), endings(GERMAN_TENS_ORDINALS), true, false);
add('hundert', 100, 'h', false);
add('tausend', 1000, 't', false);
// Dutch ("den derden Mei", "zevenentwintigsten").
table(
  'een twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien zeventien achttien negentien',
  'twintig dertig veertig vijftig zestig zeventig tachtig negentig',
  false,
  true,
);
table(
  'eerste/eersten tweede/tweeden derde/derden vierde/vierden vijfde/vijfden zesde/zesden zevende/zevenden achtste/achtsten negende/negenden tiende/tienden elfde/elfden twaalfde/twaalfden dertiende/dertienden veertiende/veertienden vijftiende/vijftienden zestiende/zestienden zeventiende/zeventienden achttiende/achttienden negentiende/negentienden',
  'twintigste/twintigsten dertigste/dertigsten | | | | | |',
  true,
  false,
);
add('honderd', 100, 'h', false);
add('duizend', 1000, 't', false);
// Spanish ("a veinte y seis de octubre de mil setecientos noventa"); "veinti" starts "veintiséis".
table(
  'uno/un/una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve',
  'veinte/veinti treinta cuarenta cincuenta sesenta setenta ochenta noventa',
  false,
  true,
);
add('primero primer', 1, 'n', true);
add('cien ciento', 100, 'n', false);
for (const [w, v] of [
  ['doscientos', 200],
  ['trescientos', 300],
  ['cuatrocientos', 400],
  ['quinientos', 500],
  ['seiscientos', 600],
  ['setecientos', 700],
  ['ochocientos', 800],
  ['novecientos', 900],
] as const)
  add(`${w} ${w.replace(/os$/, 'as')}`, v, 'n', false);
// Italian ("addì ventisei ottobre", "milleottocentosettantaquattro"); "vent" and the like are the elided tens of "ventotto".
table(
  'uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove',
  'venti/vent trenta/trent quaranta/quarant cinquanta/cinquant sessanta/sessant settanta/settant ottanta/ottant novanta/novant',
  false,
  true,
);
add('cento', 100, 'h', false);
add('mila', 1000, 't', false);
// Portuguese ("aos quinze dias do mês de setembro de mil oitocentos e noventa e um").
table(
  'um/uma dois/duas tres quatro cinco seis sete oito nove dez onze doze treze catorze/quatorze quinze dezasseis/dezesseis dezassete/dezessete dezoito dezanove/dezenove',
  'vinte trinta quarenta cinquenta/cincoenta sessenta setenta oitenta noventa',
  false,
  true,
);
for (const [w, v] of [
  ['duzentos', 200],
  ['trezentos', 300],
  ['quatrocentos', 400],
  ['quinhentos', 500],
  ['seiscentos', 600],
  ['setecentos', 700],
  ['oitocentos', 800],
  ['novecentos', 900],
] as const)
  add(`${w} ${w.replace(/os$/, 'as')}`, v, 'n', false);
// Latin ordinals in every ending ("die vigesima sexta", "anno millesimo septingentesimo"), and the Italian "primo".
const LATIN: [string, number][] = [
  ['prim', 1],
  ['secund/second', 2],
  ['terti', 3],
  ['quart', 4],
  ['quint', 5],
  ['sext', 6],
  ['septim', 7],
  ['octav', 8],
  ['non', 9],
  ['decim', 10],
  ['undecim', 11],
  ['duodecim', 12],
  ['duodevigesim/duodevicesim', 18],
  ['undevigesim/undevicesim', 19],
  ['vigesim/vicesim', 20],
  ['trigesim/tricesim', 30],
  ['quadragesim', 40],
  ['quinquagesim', 50],
  ['sexagesim', 60],
  ['septuagesim', 70],
  ['octogesim', 80],
  ['nonagesim', 90],
  ['centesim', 100],
  ['ducentesim', 200],
  ['trecentesim', 300],
  ['quadringentesim', 400],
  ['quingentesim', 500],
  ['sexcentesim/sescentesim', 600],
  ['septingentesim', 700],
  ['octingentesim', 800],
  ['nongentesim', 900],
];
// Not "nonae": the Nones of the Roman calendar ("Nonae Maiae" is 7 May), not a ninth day.
for (const [stems, value] of LATIN)
  for (const stem of stems.split('/'))
    for (const e of ['o', 'a', 'us', 'um', 'ae']) if (stem + e !== 'nonae') add(stem + e, value, 'n', true);
for (const e of ['o', 'a', 'us', 'um', 'ae']) add(`millesim${e}`, 1000, 't', true);
add('and & et und en y e', 0, 'c', false);

const MAX_WORD = Math.max(...[...LEXICON.keys()].map((w) => w.length));

/** Lower case without accents ("fünf" → "funf", "vingtième" → "vingtieme"); "ß" stays. */
export function wordKey(w: string): string {
  let ascii = true;
  let lower = true;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c > 127) ascii = false;
    else if (c >= 65 && c <= 90) lower = false;
  }
  if (ascii) return lower ? w : w.toLowerCase();
  return w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The number words a word is made of, or undefined: "sechsundzwanzigsten" → sechs, und,
 * zwanzigsten. Dynamic programming over the word's positions, so a long word costs its length
 * times the longest number word, never more.
 */
export function numberPieces(key: string): string[] | undefined {
  if (LEXICON.has(key)) return [key];
  if (key.length > 48 || key.length < 4) return undefined;
  if (SPLIT.has(key)) return SPLIT.get(key);
  const pieces = split(key);
  // Remembered per word (a text repeats its words); bounded so a long text cannot grow it without end.
  if (SPLIT.size > 20_000) SPLIT.clear();
  SPLIT.set(key, pieces);
  return pieces;
}

const SPLIT = new Map<string, string[] | undefined>();

function split(key: string): string[] | undefined {
  const next: (number | undefined)[] = new Array(key.length + 1);
  next[key.length] = key.length;
  for (let i = key.length - 1; i >= 0; i--) {
    for (let len = Math.min(MAX_WORD, key.length - i); len >= 2; len--) {
      if (next[i + len] !== undefined && LEXICON.has(key.slice(i, i + len))) {
        next[i] = i + len;
        break;
      }
    }
  }
  if (next[0] === undefined) return undefined;
  const pieces: string[] = [];
  for (let i = 0; i < key.length; i = next[i]!) pieces.push(key.slice(i, next[i]));
  // A glued word of connectors alone ("en", "und") is not a number.
  return pieces.some((p) => LEXICON.get(p)!.kind !== 'c') ? pieces : undefined;
}

export interface NumberRead {
  value: number;
  /** How many of the given words the number used. */
  used: number;
  /** The last word is an ordinal ("sixth", "dritten", "sexta"). */
  ordinal: boolean;
  /** A lone cardinal that the record's language writes as a day ("vingt-trois", "tres", "zes"). */
  cardinalDay: boolean;
  /** Has a hundreds or thousands word: a year may be written so, a day never. */
  large: boolean;
}

/**
 * Reads the longest number at the start of `words` (keys, see `wordKey`; "-" between words is
 * skipped). A word that cannot continue the number ends it ("six seven" is six), and a number
 * must not end on "and". Returns undefined when the first word is no number word.
 */
export function readNumber(words: readonly string[]): NumberRead | undefined {
  let total = 0;
  let cur = 0;
  let best: NumberRead | undefined;
  let prev: Entry | undefined;
  let prevKey = '';
  let large = false;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '-') continue;
    const pieces = numberPieces(words[i]!);
    if (!pieces) break;
    let ok = true;
    for (const key of pieces) {
      const e = LEXICON.get(key)!;
      if (e.kind === 'c') {
        if (!prev || prev.kind === 'c') ok = false;
      } else if (e.kind === 'h') {
        if (cur % 100 !== cur || cur === 100) ok = false;
        else cur = (cur || 1) * 100;
        large = true;
      } else if (e.kind === 't') {
        if (total) ok = false;
        else total = (cur || 1) * e.value;
        cur = 0;
        large = true;
      } else if (e.value >= 100) {
        // Latin and Spanish hundreds add their value: nothing below the thousands may precede them.
        if (cur) ok = false;
        else cur = e.value;
        large = true;
      } else if (key.startsWith('vingt') && prevKey === 'quatre' && cur % 100 === 4) {
        cur += 76; // "quatre-vingt": eighty
      } else {
        const low = cur % 100;
        const v = e.value;
        const fits =
          (v < 10 && low % 10 === 0) ||
          (v >= 10 && v < 20 && (low === 0 || low === 60 || low === 80)) ||
          (v >= 20 && (low === 0 || (low < 10 && prev?.kind === 'c')));
        if (!fits) ok = false;
        else cur += v;
      }
      if (!ok) break;
      prev = e;
      prevKey = key;
    }
    if (!ok) break;
    if (prev && prev.kind !== 'c') {
      best = { value: total + cur, used: i + 1, ordinal: prev.ordinal, cardinalDay: prev.cardinalDay, large };
    }
  }
  return best;
}

/** A number word (or a word glued from them): where a run of number words may start. */
export const isNumberWord = (key: string) => numberPieces(key) !== undefined;
