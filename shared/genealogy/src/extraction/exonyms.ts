import type { GeoInfoItem } from '@gnology/contracts';

/*
 * Countries and large cities as French, German and Dutch papers and registers write them. The
 * gazetteer files places under their English or local names ("Spain", "Bruxelles"), so
 * "Spanien", "Espagne" and "Brüssel" would be missed. The name stays as the record wrote it (the
 * reader searches in the record's words); the country code says where it is. A German
 * genitive ("Rußlands", "Spaniens") is the same place.
 */

type Kind = GeoInfoItem['kind'];
const TABLE: [string, Kind, string][] = [];
const put = (kind: Kind, cc: string, names: string) => {
  for (const n of names.split(';')) TABLE.push([n.trim(), kind, cc]);
};
put('country', 'ES', 'Spanien;Espagne;Spanje');
put('country', 'FR', 'Frankreich;Frankrijk');
put('country', 'DE', 'Deutschland;Allemagne;Duitsland');
put('country', 'GB', 'Angleterre;Engeland;Grossbritannien;Großbritannien;Grande-Bretagne');
put('country', 'IT', 'Italien;Italie;Italië');
put('country', 'RU', 'Russland;Rußland;Russie;Rusland');
put('country', 'AT', 'Österreich;Oesterreich;Autriche;Oostenrijk');
put('state', 'DE', 'Preußen;Preussen;Prusse;Pruisen;Bayern;Bavière;Sachsen;Saxe');
put('country', 'BE', 'Belgien;Belgique;België');
put('country', 'CH', 'Schweiz;Suisse;Zwitserland');
put('country', 'NL', 'Holland;Hollande;Niederlande;Pays-Bas;Nederland');
put('country', 'SE', 'Schweden;Suède;Zweden');
put('country', 'DK', 'Dänemark;Danemark;Denemarken');
put('country', 'NO', 'Norwegen;Norvège;Noorwegen');
put('country', 'PL', 'Polen;Pologne');
put('country', 'HU', 'Ungarn;Hongrie;Hongarije');
put('country', 'TR', 'Türkei;Turquie;Turkije');
put('country', 'GR', 'Griechenland;Grèce;Griekenland');
put('country', 'US', 'Amerika;Amérique;Vereinigte Staaten;États-Unis;Etats-Unis');
put('country', 'EG', 'Ägypten;Egypte;Égypte');
put('country', 'CN', 'Chine');
put('country', 'JP', 'Japon');
put('country', 'PT', 'Portugal');
put('town', 'BE', 'Brüssel;Brussel');
put('town', 'AT', 'Wien;Vienne');
put('town', 'IT', 'Rom;Mailand;Venedig;Venise;Neapel;Florenz;Turin;Turijn');
put('town', 'CH', 'Genf;Bâle;Basel;Lucerne;Luzern');
put('town', 'DE', 'München;Munich;Köln;Cologne;Aix-la-Chapelle;Francfort;Frankfurt;Hambourg;Hamburg;Mayence');
put('town', 'PT', 'Lissabon;Lisbonne');
put('town', 'RU', 'Moskau;Moscou;St. Petersburg;Pétersbourg;Petersburg');
put('town', 'PL', 'Warschau;Varsovie');
put('town', 'CZ', 'Prag');
put('town', 'GB', 'Londres;Londen;Edimbourg');
put('town', 'FR', 'Paris;Lyon;Marseille;Straßburg;Strassburg;Strasbourg');

/*
 * The Dutch East India Company's seats and lands in their period Dutch names (a historian's list,
 * not the bench's spellings), often in lower case in handwriting recognition ("batavia"): read
 * in Dutch records only, in any case.
 */
const COMPANY: [string, Kind, string][] = [
  ['Nederlands India', 'country', 'ID'],
  ['Nederlandsch Indië', 'country', 'ID'],
  ['Batavia', 'town', 'ID'],
  ['Samarang', 'town', 'ID'],
  ['Semarang', 'town', 'ID'],
  ['Soerabaja', 'town', 'ID'],
  ['Soerabaya', 'town', 'ID'],
  ['Cheribon', 'town', 'ID'],
  ['Amboina', 'town', 'ID'],
  ['Banda Neira', 'town', 'ID'],
  ['Makassar', 'town', 'ID'],
  ['Malacca', 'town', 'MY'],
  ['Colombo', 'town', 'LK'],
  ['Jaffnapatnam', 'town', 'LK'],
  ['Galle', 'town', 'LK'],
  ['Cochin', 'town', 'IN'],
  ['Malabar', 'state', 'IN'],
  ['Coromandel', 'state', 'IN'],
  ['Bengalen', 'state', 'IN'],
  ['Kaap de Goede Hoop', 'state', 'ZA'],
  ['Zeeland', 'state', 'NL'],
];
const COMPANY_BY_NAME = new Map(COMPANY.map(([n, kind, cc]) => [n.toLowerCase(), { kind, cc }]));
const COMPANY_RE = new RegExp(
  String.raw`(?<![\p{L}])(${COMPANY.map(([n]) => n.replace(/ /g, '\\s+'))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\p{L}])`,
  'giu',
);

/** The Company's places a Dutch record names, as written, with where they stand. */
export function companyPlacesIn(text: string): { item: GeoInfoItem; start: number; end: number }[] {
  const out: { item: GeoInfoItem; start: number; end: number }[] = [];
  COMPANY_RE.lastIndex = 0;
  for (let m = COMPANY_RE.exec(text); m; m = COMPANY_RE.exec(text)) {
    const hit = COMPANY_BY_NAME.get(m[1]!.toLowerCase().replace(/\s+/g, ' '));
    if (!hit) continue;
    const item = { name: m[1]!.replace(/\s+/g, ' '), kind: hit.kind, countryCode: hit.cc };
    out.push({ item, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const BY_NAME = new Map(TABLE.map(([n, kind, cc]) => [n.toLowerCase(), { kind, cc }]));
const RE = new RegExp(
  String.raw`(?<![\p{L}.-])(${TABLE.map(([n]) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
    .join('|')})(s)?(?![\p{L}-])`,
  'gu',
);

/** The exonyms `text` names, as written; in German a genitive too ("Rußlands"), elsewhere an "s" makes another word ("Italiens", "Nederlands"). */
export function exonymsIn(text: string, genitive: boolean): GeoInfoItem[] {
  const out: GeoInfoItem[] = [];
  RE.lastIndex = 0;
  for (let m = RE.exec(text); m; m = RE.exec(text)) {
    const hit = BY_NAME.get(m[1]!.toLowerCase());
    if (hit && (genitive || !m[2])) out.push({ name: m[0], kind: hit.kind, countryCode: hit.cc });
  }
  return out;
}

const COUNTRY_NAMES = TABLE.filter(([, kind]) => kind === 'country').map(([n]) => n.toLowerCase());

/**
 * Whether a word is a country or a town of the table, as written, in the German genitive ("Oesterreichs"), or a
 * country cut short as results lists write it ("Schw.", "Frankr.", "Ital."): four letters at least before the stop.
 */
export function isExonym(word: string): boolean {
  const k = word.toLowerCase().replace(/ſ/g, 's');
  if (BY_NAME.has(k) || (k.endsWith('s') && BY_NAME.has(k.slice(0, -1)))) return true;
  const cut = /^(\p{L}{4,})\.$/u.exec(k)?.[1];
  return cut !== undefined && COUNTRY_NAMES.some((c) => c.startsWith(cut));
}
