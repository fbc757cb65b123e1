/*
 * Where the records of an event are kept, by country (and US state) and period: a small pure table
 * for "Records to search next" (issue 28). An 1887 North Carolina marriage is in the county's
 * marriage registers and bonds, not in an English parish register; an English birth of 1820 is in
 * a parish register, one of 1850 in the GRO's civil registration.
 */

export type RecordEvent = 'birth' | 'baptism' | 'marriage' | 'death' | 'burial' | 'census';

export interface Jurisdiction {
  /** ISO 3166-1 alpha-2, or a UK nation ("GB-ENG", "GB-SCT", "GB-WLS", "GB-NIR"). */
  country: string | null;
  state: string | null;
  county: string | null;
}

/** The year each US state began registering births and deaths statewide (later for some counties). */
const STATE_VITALS: Record<string, number> = {
  Massachusetts: 1841,
  Virginia: 1853,
  'New York': 1880,
  'New Jersey': 1848,
  Pennsylvania: 1906,
  Ohio: 1908,
  Michigan: 1867,
  Indiana: 1900,
  Illinois: 1916,
  California: 1905,
  Texas: 1903,
  Tennessee: 1914,
  'North Carolina': 1913,
  'South Carolina': 1915,
  Georgia: 1919,
  Kentucky: 1911,
};
/** North Carolina, Virginia and other southern states took a marriage bond until about this year. */
const BOND_STATES: Record<string, number> = { 'North Carolina': 1868, Virginia: 1850, Kentucky: 1850, Tennessee: 1860 };

const US_CENSUS = Array.from({ length: 17 }, (_, i) => 1790 + i * 10);
const UK_CENSUS = Array.from({ length: 9 }, (_, i) => 1841 + i * 10);

function censusYears(years: readonly number[], all: readonly number[]): number[] {
  if (!years.length) return [];
  const lo = Math.min(...years) - 10;
  const hi = Math.max(...years) + 10;
  return all.filter((y) => y >= lo && y <= hi);
}

const countyOf = (j: Jurisdiction) => j.county ?? 'the county';

function unitedStates(j: Jurisdiction, kind: RecordEvent, year: number, years: readonly number[]): string {
  const state = j.state ?? 'the state';
  const archive = j.state ? `the ${j.state} State Archives` : 'the state archives';
  const vitals = j.state ? STATE_VITALS[j.state] : undefined;
  switch (kind) {
    case 'marriage': {
      const bonds =
        j.state && BOND_STATES[j.state]
          ? `, licences and bonds (bonds were taken until about ${BOND_STATES[j.state]})`
          : ' and licences';
      return `${countyOf(j)} marriage registers${bonds}, at the county's register of deeds or clerk, and the county records in ${archive}; church registers of the bride's congregation`;
    }
    case 'birth':
    case 'baptism':
      return vitals && year >= vitals
        ? `${state} birth certificates (registered statewide from ${vitals}) at ${archive} or the state vital records office; church baptism registers`
        : `church baptism registers and family Bibles (${state} registered births statewide only from ${vitals ?? 'the early 1900s'}); delayed birth certificates filed later in life`;
    case 'death':
    case 'burial':
      return vitals && year >= vitals
        ? `${state} death certificates (statewide from ${vitals}) at ${archive}; ${countyOf(j)} wills and estate files; cemetery records and newspaper obituaries`
        : `${countyOf(j)} wills, estate files and court minutes; cemetery and church burial records and newspaper obituaries (${state} has no statewide death certificates before ${vitals ?? 'the early 1900s'})`;
    case 'census': {
      const decades = censusYears(years, US_CENSUS);
      return `the federal censuses of ${decades.length ? decades.map((y) => (y === 1890 ? '1890 (mostly lost)' : y)).join(', ') : 'the family’s lifetime'}; ${countyOf(j)} deeds and tax lists`;
    }
  }
}

function britain(j: Jurisdiction, kind: RecordEvent, year: number, years: readonly number[]): string {
  const scotland = j.country === 'GB-SCT';
  const civil = scotland ? 1855 : 1837;
  if (kind === 'census') {
    const decades = censusYears(years, UK_CENSUS);
    return `the censuses of ${decades.length ? decades.join(', ') : '1841 to 1921'}; directories and electoral registers`;
  }
  const after = year >= civil;
  if (scotland)
    return after
      ? `the statutory registers of ${kind === 'baptism' ? 'birth' : kind === 'burial' ? 'death' : kind}s (from 1855), at ScotlandsPeople`
      : 'the Old Parish Registers of the Church of Scotland (before 1855), at ScotlandsPeople; kirk session records';
  const probate =
    kind === 'death' || kind === 'burial'
      ? year >= 1858
        ? '; the National Probate Calendar (from 1858)'
        : "; wills proved in the church courts (the Prerogative Court of Canterbury's among them)"
      : '';
  return after
    ? `the GRO civil registration indexes and certificates (from July 1837)${kind === 'baptism' || kind === 'burial' ? ' and the parish registers' : ''}${probate}`
    : `the parish registers of ${kind === 'marriage' ? 'marriages, with banns and marriage licences' : kind === 'birth' || kind === 'baptism' ? 'baptisms' : 'burials'} and the bishops' transcripts, at the county record office (civil registration began only in July 1837)${probate}`;
}

function ireland(kind: RecordEvent, year: number): string {
  if (kind === 'census')
    return 'the censuses of 1901 and 1911 (earlier ones were mostly destroyed); Griffith’s Valuation and tithe applotment books';
  const civil = kind === 'marriage' ? 1845 : 1864;
  return year >= civil
    ? `civil registration (${kind === 'marriage' ? 'non-Catholic marriages from 1845, all from 1864' : 'from 1864'}), at the General Register Office of Ireland; Catholic parish registers`
    : 'Catholic and Church of Ireland parish registers of the parish (civil registration began in 1864)';
}

function germany(kind: RecordEvent, year: number): string {
  if (kind === 'census')
    return 'local residence registers (Einwohnermeldekartei) and address books; emigration lists of Hamburg and Bremen';
  return year >= 1876
    ? 'the civil registers of the Standesamt (from 1876; from 1798 west of the Rhine)'
    : 'the church books (Kirchenbücher) of the parish, Protestant or Catholic, at the church or the diocesan archive';
}

/** Where to look for records of one kind of event, in this place and year. */
export function recordsFor(j: Jurisdiction, kind: RecordEvent, year: number, years: readonly number[]): string {
  const c = j.country ?? '';
  if (c === 'US') return unitedStates(j, kind, year, years);
  if (c.startsWith('GB-') && c !== 'GB-NIR') return britain(j, kind, year, years);
  if (c === 'GB') return britain({ ...j, country: 'GB-ENG' }, kind, year, years);
  if (c === 'IE' || c === 'GB-NIR') return ireland(kind, year);
  if (c === 'DE') return germany(kind, year);
  if (kind === 'census') return 'census returns and local residence records for those years';
  return 'the civil registers of the place for that period, and before civil registration the church registers of the parish';
}
