import type { GeoInfoItem } from '@gnology/contracts';
import type { Gazetteer } from './gazetteer';

/**
 * Places named in a record: towns, counties, states and countries. Common words and personal
 * names collide with thousands of gazetteer towns ("Mary", "Union", "Hope"), so a town needs both
 * a capitalised name in the gazetteer and place context: a preposition before it ("born in",
 * "at", "near", "of") or a state, county or country after it ("Richmond, Virginia").
 */

const CAP = String.raw`(?:St\.\s|Saint\s|Fort\s|Ft\.\s|Mount\s|Mt\.\s|New\s|North\s|South\s|East\s|West\s|Port\s|Glen\s|Lake\s)?[A-Z][a-z]+(?:[ -](?:upon|on|under|le|la|de)[ -][A-Z][a-z]+|\s[A-Z][a-z]+)?`;
const PREP = String.raw`\b(?:in|at|near|from|of|to|into|resided\s+in|residence|lived\s+in|moved\s+to|born\s+in|died\s+in|buried\s+in)\s+(?:the\s+(?:town|city|village|parish)\s+of\s+)?`;
const COUNTY = /\b([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(County|Co\.|Parish)(?![a-z])|\b(?:County|Co\.)\s+([A-Z][a-z]+)\b/g;
const TOWN_THEN_REGION = new RegExp(String.raw`\b(${CAP}),[ \t]+((?:[A-Z][a-z]+\.?(?:[ \t](?=[A-Z]))?){1,3}|[A-Z]\.[ ]?[A-Z]\.?|[A-Z]{2}\b)`, 'g');
const AFTER_PREP = new RegExp(`${PREP}(${CAP})`, 'g');
const COUNTRY_RUN = /\b([A-Z][a-z]+(?:[ \t](?:of[ \t])?[A-Z][a-z]+){0,3})\b/g;

/** Words that are never a place on their own, though the gazetteer has a town of that name. */
const NOT_PLACES = new Set(
  `mary john james george william charles henry thomas elizabeth sarah anna ann jane martha margaret union hope liberty friendship
  march may june july august monday tuesday wednesday thursday friday saturday sunday christmas easter god lord church court
  home house farm mill deed will probate census record page book vol certificate county state city town village the this that said
  dear love father mother brother sister son daughter wife husband`.split(/\s+/),
);
/** Countries that are also given names or common words: only after a preposition. */
const AMBIGUOUS_COUNTRIES = new Set(['georgia', 'jordan', 'chad', 'china', 'turkey', 'guinea', 'niger', 'jersey', 'man', 'mali', 'peru', 'cuba']);

export function extractPlaces(text: string, gaz: Gazetteer): GeoInfoItem[] {
  const out: GeoInfoItem[] = [];
  const seen = new Set<string>();
  const add = (item: GeoInfoItem) => {
    const key = `${item.kind}:${item.name.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(item);
  };

  // Counties: "Botetourt County", "Co. Cork", "Orleans Parish".
  COUNTY.lastIndex = 0;
  for (let m = COUNTY.exec(text); m; m = COUNTY.exec(text)) {
    const name = m[1] ? `${m[1]} ${m[2] === 'Co.' ? 'County' : m[2]}` : `County ${m[3]}`;
    if (m[1] && NOT_PLACES.has(m[1].toLowerCase())) continue;
    add({ name, kind: 'county' });
  }

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
    const inRegion = towns.find((t) => (state ? t.countryCode === state.countryCode && t.adminCode === state.code : t.countryCode === country!.code));
    const best = inRegion ?? (state || country ? undefined : towns[0]);
    if (best) add({ name: best.name, kind: 'town', countryCode: best.countryCode, state: state?.name ?? gaz.stateName(best.countryCode, best.adminCode) });
  }

  // "born in Roanoke", "near Dublin", "of Boston".
  AFTER_PREP.lastIndex = 0;
  for (let m = AFTER_PREP.exec(text); m; m = AFTER_PREP.exec(text)) {
    const name = m[1]!;
    const lower = name.toLowerCase();
    if (NOT_PLACES.has(lower) || NOT_PLACES.has(lower.split(' ')[0]!)) continue;
    // A US state before a country of the same name ("in Georgia"): the records are mostly American.
    const state = gaz.state(name);
    if (state && name.length > 3) {
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
    const isOf = /\bof\s+$/i.test(m[0].slice(0, m[0].length - name.length));
    const best = towns?.[0];
    if (!best || (isOf && best.population < 20_000)) continue;
    add({ name: best.name, kind: 'town', countryCode: best.countryCode, state: gaz.stateName(best.countryCode, best.adminCode) });
  }

  // Countries anywhere, when written out ("Ireland", "United States", "Germany").
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
