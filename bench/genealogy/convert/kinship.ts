// Kinship words by language: a record whose source labels no relations "states a family relation"
// when its text has one of these as a whole word (case- and accent-insensitive). The list is
// documented in SOURCES.md; abbreviations are listed as written after folding.

// biome-ignore format: a word list reads better packed
const WORDS: Record<string, string[]> = {
  en: [
    'son', 'sons', 'daughter', 'daughters', 'wife', 'wives', 'widow', 'widower', 'relict', 'husband', 'father',
    'mother', 'brother', 'brothers', 'sister', 'sisters', 'child', 'children', 'grandson', 'granddaughter',
    'grandfather', 'grandmother', 'nephew', 'niece', 'uncle', 'aunt', 'cousin', 'nee', 'dau', 'sonne', 'parent', 'marry', 'married', 'marriage',
    'parents',
  ],
  fr: [
    'fils', 'fille', 'filles', 'veuve', 'vve', 'v.e', 'veuf', 'epouse', 'epoux', 'femme', 'mari', 'pere', 'mere',
    'frere', 'freres', 'soeur', 'soeurs', 'sœur', 'enfant', 'enfants', 'neveu', 'niece', 'oncle', 'tante',
    'cousin', 'cousine', 'gendre', 'bru', 'nee', 'petit-fils', 'petite-fille', 'beau-pere', 'belle-mere',
  ],
  de: [
    'sohn', 'sohne', 'tochter', 'tochtern', 'witwe', 'witwer', 'wwe', 'gattin', 'gatte', 'gemahlin', 'gemahl',
    'frau', 'ehefrau', 'ehemann', 'vater', 'mutter', 'bruder', 'bruders', 'schwester', 'kind', 'kinder', 'enkel',
    'enkelin', 'neffe', 'nichte', 'onkel', 'tante', 'vetter', 'schwiegersohn', 'schwiegervater', 'geb', 'geborene',
  ],
  nl: [
    'zoon', 'zoons', 'zonen', 'dochter', 'dochters', 'weduwe', 'wed', 'weduwnaar', 'huisvrouw', 'huysvrouw',
    'echtgenote', 'echtgenoot', 'vrouw', 'vader', 'moeder', 'broeder', 'broer', 'zuster', 'suster', 'kind',
    'kinderen', 'neef', 'nicht', 'oom', 'tante', 'schoonzoon', 'behuwdzoon',
    // 18th-century spellings (VOC testaments)
    'dogter', 'dogters', 'dogtertje', 'zoontje', 'soon', 'kindt', 'kint', 'kinder', 'huijsvrouw', 'huysvrouwe',
    'huijsvrouwe', 'huysvrauw', 'vrouwe', 'weduw', 'wede', 'susters', 'zusters', 'broeders', 'schoonmoeder',
    'schoonvader', 'getrouwt', 'gehuwde',
  ],
};

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const patterns = new Map(
  Object.entries(WORDS).map(([lang, words]) => [
    lang,
    new RegExp(`(?<![\\p{L}])(?:${words.map((w) => w.replace(/[.]/g, '\\.')).join('|')})(?![\\p{L}])`, 'u'),
  ]),
);

export const kinshipWords = WORDS;

/** Whether the text has a kinship word of its language (English words for a language not listed). */
export function textStatesKinship(text: string, lang: string): boolean {
  const pattern = patterns.get(lang) ?? patterns.get('en')!;
  return pattern.test(fold(text));
}
