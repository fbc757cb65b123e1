/*
 * The language a text is written in, guessed from its commonest small words. Some rules hold in
 * one language only: "M." is "Monsieur" in French and an initial in English; German and Dutch
 * write every noun with a capital, so a capitalised word after an article is no name there.
 */

export type TextLanguage = 'en' | 'fr' | 'de' | 'nl' | 'other';

// Words of one language only where they can ('de' and 'en' are French and Dutch alike, 'in' English, German and Dutch, so none counts).
// biome-ignore format: word lists read better packed
const WORDS: Record<Exclude<TextLanguage, 'other'>, string[]> = {
  en: ['the', 'and', 'of', 'to', 'was', 'his', 'her', 'with', 'that', 'for', 'by', 'is', 'which', 'were', 'from'],
  fr: ['le', 'la', 'les', 'des', 'et', 'du', 'est', 'une', 'dans', 'qui', 'que', 'pour', 'sur', 'au', 'aux', 'par', 'il', 'pas', 'sont', 'été'],
  de: ['der', 'die', 'das', 'und', 'den', 'dem', 'des', 'ist', 'nicht', 'mit', 'sich', 'auf', 'ein', 'eine', 'zu', 'von', 'wurde', 'auch', 'im', 'wird'],
  nl: ['het', 'een', 'van', 'zijn', 'sijn', 'zyn', 'hij', 'heeft', 'voor', 'mij', 'tot', 'ende', 'dat', 'zij', 'deze', 'wel', 'ofte', 'niet', 'ook', 'naar', 'bij', 'werd', 'haar', 'met', 'aan', 'sijne', 'zijne', 'hem', 'geen', 'soo', 'zoo', 'sal', 'zal', 'welke', 'daar', 'hebben', 'worden', 'nae', 'naer', 'deselve', 'dezelve', 'mitsgaders'],
};
const LOOKUP = new Map<string, Exclude<TextLanguage, 'other'>[]>();
for (const [lang, words] of Object.entries(WORDS) as [Exclude<TextLanguage, 'other'>, string[]][])
  for (const w of words) LOOKUP.set(w, [...(LOOKUP.get(w) ?? []), lang]);

const cache: { text: string | undefined; lang: TextLanguage } = { text: undefined, lang: 'other' };

/** The text's language, from its first 20,000 characters; 'other' when no language leads clearly. */
export function languageOf(text: string): TextLanguage {
  if (cache.text === text) return cache.lang;
  const counts = { en: 0, fr: 0, de: 0, nl: 0 };
  const re = /\p{L}+/gu;
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  let total = 0;
  for (let m = re.exec(sample); m; m = re.exec(sample)) {
    total++;
    const langs = LOOKUP.get(m[0].toLowerCase().replace(/ſ/g, 's'));
    if (langs) for (const l of langs) counts[l]++;
  }
  const ranked = (Object.entries(counts) as [Exclude<TextLanguage, 'other'>, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  const lang: TextLanguage =
    best![1] >= 3 && best![1] >= Math.max(2, total * 0.04) && best![1] > second![1] * 1.3 ? best![0] : 'other';
  cache.text = text;
  cache.lang = lang;
  return lang;
}
