import type { GeoInfoItem } from '@gnology/contracts';
import type { Gazetteer } from './gazetteer';
import { GIVEN_NAMES } from './given-names';
import { companyPlacesIn, exonymsIn } from './exonyms';
import { languageOf } from './language';
import { maskStreets } from './streets';

/**
 * Places named in a record: towns, counties, states and countries. Common words and personal
 * names collide with thousands of gazetteer towns ("Mary", "Union", "Hope"), so a town needs both
 * a capitalised name in the gazetteer and place context: a preposition before it ("born in",
 * "at", "near", "of") or a state, county or country after it ("Richmond, Virginia").
 */

const CAP = String.raw`(?:St\.\s|Saint\s|Fort\s|Ft\.\s|Mount\s|Mt\.\s|New\s|North\s|South\s|East\s|West\s|Port\s|Glen\s|Lake\s|Bad\s|Sankt\s|San\s|Santa\s|São\s|Vester\s|Øster\s|Västra\s|Östra\s|Norra\s|Södra\s|Nordre\s|Søndre\s)?\p{Lu}\p{Ll}+(?:[ -](?:upon|on|under|le|la|de|am|an|der|do|da)[ -]\p{Lu}\p{Ll}+|\s\p{Lu}\p{Ll}+)?`;
const PREP = String.raw`(?<![\p{L}])(?:binnen\s+de\s+sta+d|de\s+sta+d|tot|naar|in|at|near|from|of|to|into|resided\s+in|residence|lived\s+in|moved\s+to|born\s+in|died\s+in|buried\s+in|zu|aus|bei|nach|à|te|en|a|w|we|från|fra|i|de|di|da|em|na|nella|nesta\s+freguesia\s+de|parish\s+of|parochia)\s+(?:the\s+(?:town|city|village|parish|township|townland)\s+of\s+)?`;
const COUNTY =
  /\b([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(County|Co\.|Parish)(?![a-z])|\b(?:County|Co\.)(?:\s+of(?:\s+the)?)?:?\s+([A-Z][a-z]+)\b|\b((?:King|Queen)['’]s)\s+County\b/g;
/** Ireland's counties: "Co. Cork" or "County of Wexford" is Irish (Northern Ireland's six are in the UK). */
const IRISH_COUNTIES = new Set(
  'carlow cavan clare cork donegal dublin galway kerry kildare kilkenny laois leitrim limerick longford louth mayo meath monaghan offaly roscommon sligo tipperary waterford westmeath wexford wicklow'.split(
    ' ',
  ),
);
/** Words of a company's name before "Co.": "Sons Hardware Co.", "Union Mills Co.". */
const FIRM_WORDS =
  /\b(?:Sons|Brothers|Bros|Company|Hardware|Manufacturing|Mfg|Goods|Mills?|Works|Trading|Shipping|Insurance|Railroad|Bank)\b/;
const NI_COUNTIES = new Set('antrim armagh down fermanagh londonderry derry tyrone'.split(' '));
/**
 * Places the records name that a modern gazetteer lacks or files under another name: historical
 * counties and shires, old German and Austro-Hungarian lands, Irish counties' old names.
 */
const HISTORICAL: Record<string, { name: string; kind: GeoInfoItem['kind']; countryCode: string }> = {};
const historical = (kind: GeoInfoItem['kind'], cc: string, names: string) => {
  for (const n of names.split(';')) HISTORICAL[n.trim().toLowerCase()] = { name: n.trim(), kind, countryCode: cc };
};
historical(
  'state',
  'GB',
  'Yorkshire;Lancashire;Westmorland;Cumberland;Middlesex;Cheshire;Berks;Berkshire;Renfrew;Renfrewshire;Ayr;Ayrshire;Merionethshire;Ross and Cromarty;Ross-shire;Lanarkshire;Essex;Kent;Sussex;Surrey;Devon;Cornwall;Somerset;Dorset;Norfolk;Suffolk;Durham;Northumberland;Shropshire;Staffordshire;Derbyshire;Wiltshire;Gloucestershire;Glamorgan;Carmarthenshire;Caernarvonshire;Aberdeenshire;Perthshire;Argyll;Inverness-shire;Midlothian',
);
historical(
  'state',
  'DE',
  'Prussia;Bavaria;Württemberg;Wurttemberg;Baden;Hesse;Hessen;Saxony;Hanover;Westphalia;Pomerania;Silesia;Posen;Mecklenburg;Oldenburg;Holstein;Schleswig;Rhineland;Brandenburg;Thuringia;Alsace;Lorraine',
);
historical('state', 'AT', 'Galicia;Bohemia;Moravia;Tyrol;Carinthia;Styria;Carniola;Bukovina');
historical('state', 'IE', 'Ulster;Munster;Leinster;Connaught;Connacht');
historical('state', 'CA', 'Lower Canada;Upper Canada;Canada West;Canada East');
historical('state', 'AU', "Van Diemen's Land;New South Wales");
const TOWN_THEN_REGION = new RegExp(
  String.raw`(?<![\p{L}])(${CAP}),[ \t]+((?:[A-Z][a-z]+\.?(?:[ \t](?=[A-Z]))?){1,3}|[A-Z]\.[ ]?[A-Z]\.?|[A-Z]{2}\b)(?![-\p{L}])`,
  'gu',
);
const AFTER_PREP = new RegExp(`${PREP}(${CAP})`, 'gu');
/** Words that name the place that follows, in any record: "Parish of Haworth", "Townland: Drumcliff", "nesta freguesia de Braga". */
const STRONG_PLACE = new RegExp(
  String.raw`(?:\b(?:[Pp]arish|[Tt]ownland|[Tt]ownship|[Bb]arony|[Cc]ivil\s+[Pp]arish|[Ss]ub-district|[Dd]istrict|[Tt]own)\s*(?:of\s+(?:the\s+)?|:\s*)|\bfreguesia\s+de\s+|\bGemeinde\s+|\b[Cc]ommune\s+de\s+|\bparroquia\s+de\s+)(${CAP})`,
  'gu',
);
/** Prepositions too common to make a town of a middling place on their own. */
const WEAK_PREP = /^(?:of|a|i|w|we|de|di|da|en|te|em|na|to|from)\s/i;
const COUNTRY_RUN = /\b([A-Z][a-z]+(?:[ \t](?:of[ \t])?[A-Z][a-z]+){0,3})\b/g;

/** Words that are never a place on their own, though the gazetteer has a town of that name. */
const NOT_PLACES = new Set(
  `mary john james george william charles henry thomas elizabeth sarah anna ann jane martha margaret union hope liberty friendship
  march may june july august monday tuesday wednesday thursday friday saturday sunday christmas easter god lord church court
  home house farm mill deed will probate census record page book vol certificate county state city town village the this that said
  dear love father mother brother sister son daughter wife husband`.split(/\s+/),
);
/** Countries that are also given names or common words: only after a preposition. */
const AMBIGUOUS_COUNTRIES = new Set([
  'georgia',
  'jordan',
  'chad',
  'china',
  'turkey',
  'guinea',
  'niger',
  'jersey',
  'man',
  'mali',
  'peru',
  'cuba',
]);

const HISTORICAL_RUN = new RegExp(
  String.raw`(?<![\p{L}])(${Object.values(HISTORICAL)
    .map((h) => h.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\p{L}])`,
  'gu',
);

export function extractPlaces(source: string, gaz: Gazetteer): GeoInfoItem[] {
  // A street is an address, never a town: "rue de Lille" names no one's town (streets.ts).
  const lang = languageOf(source);
  // The Company's places in Dutch deeds are read apart and blanked, so "Nederlands India" gives no
  // "India", and their country does not narrow which Amsterdam a deed means (they come last).
  const company = lang === 'nl' ? companyPlacesIn(source) : [];
  const streetless = maskStreets(source);
  let text = company.length ? '' : streetless;
  if (company.length) {
    let at = 0;
    for (const c of company) {
      text += streetless.slice(at, c.start) + ' '.repeat(c.end - c.start);
      at = c.end;
    }
    text += streetless.slice(at);
  }
  const out: GeoInfoItem[] = [];
  const seen = new Set<string>();
  const add = (item: GeoInfoItem) => {
    const key = `${item.kind}:${item.name.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(item);
  };

  // The document's own context: the countries and states it names (a county in the heading, "Co. Wexford", makes it Irish).
  const context = new Set<string>();
  const contextStates = new Set<string>();

  // Counties: "Botetourt County", "Co. Cork", "County of Wexford", "King's County", "Orleans Parish".
  COUNTY.lastIndex = 0;
  for (let m = COUNTY.exec(text); m; m = COUNTY.exec(text)) {
    if (m[4]) {
      add({ name: `${m[4]} County`, kind: 'county', countryCode: 'IE' });
      context.add('IE');
      continue;
    }
    const bare = (m[1] ?? m[3])!;
    // "Smith & Sons Hardware Co.": a company, not a county.
    if (m[2] === 'Co.' && (/&\s*$/.test(text.slice(Math.max(0, m.index - 3), m.index)) || FIRM_WORDS.test(m[1] ?? '')))
      continue;
    if (NOT_PLACES.has(bare.toLowerCase()) || bare === 'The' || bare === 'This') continue;
    const irish = !m[1] && IRISH_COUNTIES.has(bare.toLowerCase());
    const ni = !m[1] && NI_COUNTIES.has(bare.toLowerCase());
    // "County: Wake" is a form's field and its value: the county is called "Wake County" (Ireland
    // alone writes "County Cork").
    const field = !m[1] && !irish && !ni && m[0].includes(':');
    const name = m[1] ? `${m[1]} ${m[2] === 'Co.' ? 'County' : m[2]}` : field ? `${bare} County` : `County ${bare}`;
    add({ name, kind: 'county', ...(irish ? { countryCode: 'IE' } : ni ? { countryCode: 'GB' } : {}) });
    if (irish) context.add('IE');
    if (ni) context.add('GB');
  }

  // Historical lands and shires.
  HISTORICAL_RUN.lastIndex = 0;
  for (let m = HISTORICAL_RUN.exec(text); m; m = HISTORICAL_RUN.exec(text)) {
    const h = HISTORICAL[m[1]!.toLowerCase()];
    if (!h) continue;
    add({ name: h.name, kind: h.kind, countryCode: h.countryCode });
    context.add(h.countryCode);
  }
  for (const item of out) if (item.kind === 'state' && item.countryCode) contextStates.add(item.name);

  // "Richmond, Virginia", "Springfield, Ill.", "Cork, Ireland".
  TOWN_THEN_REGION.lastIndex = 0;
  for (let m = TOWN_THEN_REGION.exec(text); m; m = TOWN_THEN_REGION.exec(text)) {
    const townName = m[1]!;
    const { state, country } = regionOf(m[2]!, gaz);
    if (!state && !country) continue;
    const towns = gaz.town(townName);
    if (state) add({ name: state.name, kind: 'state', countryCode: state.countryCode });
    if (country) add({ name: country.name, kind: 'country', countryCode: country.code });
    if (!towns || NOT_PLACES.has(townName.toLowerCase())) continue;
    const inRegion = towns.find((t) =>
      state ? t.countryCode === state.countryCode && t.adminCode === state.code : t.countryCode === country!.code,
    );
    const best = inRegion ?? (state || country ? undefined : towns[0]);
    if (best)
      add({
        name: best.name,
        kind: 'town',
        countryCode: best.countryCode,
        state: state?.name ?? gaz.stateName(best.countryCode, best.adminCode),
      });
  }

  // Countries anywhere, when written out ("Ireland", "United States", "Germany").
  // French, German and Dutch records name countries and cities in their own words ("Spanien", "Brüssel").
  if (lang !== 'en') for (const item of exonymsIn(text, lang === 'de')) add(item);

  COUNTRY_RUN.lastIndex = 0;
  for (let m = COUNTRY_RUN.exec(text); m; m = COUNTRY_RUN.exec(text)) {
    const words = m[1]!.split(' ');
    // Longest country name inside the run.
    for (let len = Math.min(4, words.length); len >= 1; len--) {
      let hit = false;
      for (let a = 0; a + len <= words.length; a++) {
        const cand = words.slice(a, a + len).join(' ');
        const country = gaz.country(cand);
        if (country && !AMBIGUOUS_COUNTRIES.has(cand.toLowerCase())) {
          add({ name: country.name, kind: 'country', countryCode: country.code });
          hit = true;
        }
      }
      if (hit) break;
    }
  }
  for (const item of out) if (item.countryCode) context.add(item.countryCode);
  for (const item of out) if (item.kind === 'state') contextStates.add(item.name);
  const inContext = (t: { countryCode: string }) => context.has(t.countryCode);
  // Within the document's country, a town of a state it names first ("Springfield" in an Illinois record).
  const pick = <T extends { countryCode: string; adminCode: string }>(towns: T[] | undefined): T | undefined =>
    towns?.find((t) => inContext(t) && contextStates.has(gaz.stateName(t.countryCode, t.adminCode) ?? '')) ??
    (context.size ? towns?.find(inContext) : towns?.[0]);

  // "born in Roanoke", "near Dublin", "of Boston", "zu Hörde", "à Lisieux": a town of the document's own country when it names one.
  AFTER_PREP.lastIndex = 0;
  for (let m = AFTER_PREP.exec(text); m; m = AFTER_PREP.exec(text)) {
    const name = m[1]!;
    const lower = name.toLowerCase();
    if (NOT_PLACES.has(lower) || NOT_PLACES.has(lower.split(' ')[0]!) || GIVEN_NAMES.has(lower.split(' ')[0]!))
      continue;
    const h = HISTORICAL[lower];
    if (h) continue;
    // A US state before a country of the same name ("in Georgia"): the records are mostly American.
    const state = gaz.state(name);
    if (state && name.length > 3 && (context.size === 0 || context.has(state.countryCode))) {
      add({ name: state.name, kind: 'state', countryCode: state.countryCode });
      continue;
    }
    const country = gaz.country(name);
    if (country) {
      add({ name: country.name, kind: 'country', countryCode: country.code });
      continue;
    }
    // "of" is also how names are joined ("son of John"): only towns of some size after it.
    const towns = gaz.town(name) ?? (name.includes(' ') ? gaz.town(name.split(' ')[0]!) : undefined);
    const weak = WEAK_PREP.test(m[0]);
    const best = pick(towns);
    if (!best || (weak && best.population < 20_000 && !(context.size && inContext(best)))) continue;
    add({
      name: best.name,
      kind: 'town',
      countryCode: best.countryCode,
      state: gaz.stateName(best.countryCode, best.adminCode),
    });
  }

  // "Parish of Haworth", "Townland: Drumcliff": a place the gazetteer may not know.
  STRONG_PLACE.lastIndex = 0;
  for (let m = STRONG_PLACE.exec(text); m; m = STRONG_PLACE.exec(text)) {
    const name = m[1]!;
    const lower = name.toLowerCase();
    if (
      NOT_PLACES.has(lower) ||
      NOT_PLACES.has(lower.split(' ')[0]!) ||
      HISTORICAL[lower] ||
      /^(?:st|saint)\b/i.test(name)
    )
      continue;
    if (out.some((o) => o.name.toLowerCase() === lower)) continue;
    const towns = gaz.town(name);
    const best = pick(towns);
    if (best)
      add({
        name: best.name,
        kind: 'town',
        countryCode: best.countryCode,
        state: gaz.stateName(best.countryCode, best.adminCode),
      });
    else add({ name, kind: 'town', ...(context.size === 1 ? { countryCode: [...context][0]! } : {}) });
  }
  for (const c of company) add(c.item);
  return out;
}

/** The longest leading run of words of `raw` that names a state or a country ("Illinois. Witnesses" → Illinois). */
function regionOf(raw: string, gaz: Gazetteer) {
  const words = raw.trim().split(/[ \t]+/);
  for (let n = words.length; n >= 1; n--) {
    const cand = words.slice(0, n).join(' ');
    const bare = cand.replace(/\.$/, '');
    const state = gaz.state(bare) ?? gaz.state(bare.replace(/\s/g, '').toLowerCase());
    const country = gaz.country(bare) ?? gaz.country(bare.replace(/\s/g, ''));
    if (state || country) return { state, country };
    // A word ending a sentence ("Illinois.") ends the region.
    if (n > 1 && /\.$/.test(words[0]!)) continue;
  }
  return { state: undefined, country: undefined };
}
