/*
 * Issue 31, point 4: tesseract's Fraktur model (frk) makes a few confusions again and again on German blackletter
 * print (measured on the historical bench's tuning pages and lines, bench/documents/historical): the ch and ck
 * ligatures come out as < and > (no<, Dru>, sc<ön), the long s as 8 or 3 inside a word (da3) or as f (ift, fich,
 * find), and the k of -keit as f (Unmündigfeit). This mends those confusions word by word into the page's own
 * spelling. It never modernises: daß, seyn, Thür stay as printed, and a word that reads as a word with the letter
 * the model gave (fein, Kraft, naß) is left alone, since without a word list of the period there is no telling.
 * The tz ligature read as ß (Baßen for Batzen) is left too: Baßen and Maße look alike to rules. Decision 0231.
 */

const LETTER = /\p{L}/u;

/** Words that cannot be German with the f tesseract gave them, each with the long s it stands for. */
const LONG_S_AS_F: Record<string, string> = {
  ift: 'ist',
  fich: 'sich',
  fie: 'sie',
  find: 'sind',
  fo: 'so',
  fey: 'sey',
  feyn: 'seyn',
  feyd: 'seyd',
  fehr: 'sehr',
  felbft: 'selbst',
  felbst: 'selbst',
  fonft: 'sonst',
  fondern: 'sondern',
  fowohl: 'sowohl',
  fogar: 'sogar',
  fogleich: 'sogleich',
  folche: 'solche',
  folchen: 'solchen',
  folcher: 'solcher',
  folches: 'solches',
  fagte: 'sagte',
  fagen: 'sagen',
  diefe: 'diese',
  diefer: 'dieser',
  diefes: 'dieses',
  diefem: 'diesem',
  diefen: 'diesen',
  alfo: 'also',
  erft: 'erst',
};

/** One word (a run without spaces, its punctuation included) with the Fraktur confusions mended. */
export function fixFrakturWord(token: string): string {
  // A word opening with < or > has quotation marks read so (>Wort<), not ligatures: none of its < > is touched.
  if (/^[^\p{L}]*[<>]/u.test(token) && LETTER.test(token)) return token;
  const start = token.search(/[\p{L}<>]/u);
  if (start < 0) return token;
  const end =
    token.length -
    [...token]
      .reverse()
      .join('')
      .search(/[\p{L}<>83]/u);
  const lead = token.slice(0, start);
  const tail = token.slice(end);
  let core = token.slice(start, end);
  // Numbers and signs between numbers are left as they are (3ten, S.38, 3<5).
  if (/\d/.test(lead) || /\d/.test(tail) || /\d[<>]|[<>]\d/.test(core)) return token;
  if (!LETTER.test(core)) return token;

  // The ch and ck ligatures: the < or > with the c or h or k around it that the model sometimes keeps.
  core = core.replace(/c?<h?/g, 'ch').replace(/c?>k?/g, 'ck');
  // The long s as 8 or 3 after a letter, in a word with no other digit.
  if (!/\d/.test(core.replace(/(?<=\p{L})[83]/gu, ''))) core = core.replace(/(?<=\p{L})[83]/gu, 's');
  if (/\d/.test(core)) return token;
  // The long s as f, in words that cannot be read with an f; sch never begins with fch.
  const lower = core.toLowerCase();
  const asS = LONG_S_AS_F[lower];
  if (asS) core = core[0] === core[0]!.toUpperCase() ? asS[0]!.toUpperCase() + asS.slice(1) : asS;
  core = core.replace(/^([fF])ch/, (_, f: string) => (f === 'F' ? 'Sch' : 'sch'));
  // -keit (and -keiten) never ends a German word as -feit.
  core = core.replace(/(?<=\p{L}{2})feit(en)?$/u, 'keit$1');
  // ß never begins a word nor follows a consonant: the model's ß there is a z.
  core = core.replace(/^ß/, 'z').replace(/(?<=[bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ])ß/g, 'z');
  return lead + core + tail;
}

/** A reading with each word's Fraktur confusions mended; spaces and lines kept as they are. */
export function fixFrakturConfusions(text: string): string {
  return text.replace(/\S+/g, fixFrakturWord);
}

/** A reading made with the Fraktur model (`frk` among `langs`, tesseract's `a+b` form), its text and words mended; any other as it is. */
export function mendFrakturReading<R extends { text: string; words: { text: string }[] }>(read: R, langs: string): R {
  if (!langs.split('+').includes('frk')) return read;
  return {
    ...read,
    text: fixFrakturConfusions(read.text),
    words: read.words.map((w) => ({ ...w, text: fixFrakturWord(w.text) })),
  };
}
