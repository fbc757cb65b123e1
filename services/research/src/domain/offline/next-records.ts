import type { GeoInfoItem } from '@gnology/contracts';
import type { Fact } from './person';
import { type Jurisdiction, type RecordEvent, recordsFor } from './record-offices';

/** "Records to search next" (issue 28): for the place the records name and the period of the events found. */

const NATIONS: Record<string, string> = {
  england: 'GB-ENG',
  scotland: 'GB-SCT',
  wales: 'GB-WLS',
  'northern ireland': 'GB-NIR',
  ireland: 'IE',
  germany: 'DE',
  prussia: 'DE',
  'united states': 'US',
  usa: 'US',
  canada: 'CA',
  australia: 'AU',
};

const nation = (name: string | undefined) => (name ? NATIONS[name.trim().toLowerCase()] : undefined);

/** The jurisdiction the places name: country (or UK nation), state and county. */
export function jurisdictionOf(places: readonly GeoInfoItem[]): Jurisdiction & { label: string | null } {
  const town = places.find((p) => p.kind === 'town');
  const county = places.find((p) => p.kind === 'county')?.name ?? null;
  const stateItem = places.find((p) => p.kind === 'state');
  const state = stateItem?.name ?? town?.state ?? places.find((p) => p.state)?.state ?? null;
  const code = places.find((p) => p.countryCode)?.countryCode ?? null;
  const named = places.find((p) => p.kind === 'country');
  let country = nation(state ?? undefined) ?? code ?? nation(named?.name) ?? null;
  if (country === 'GB') country = nation(state ?? undefined) ?? 'GB-ENG';
  const label = [town?.name, county, state ?? named?.name].filter((x): x is string => !!x);
  return { country, state: country === 'US' ? state : null, county, label: label.length ? label.join(', ') : null };
}

const KINDS: { kind: RecordEvent; from: Fact['kind'][]; label: string }[] = [
  { kind: 'birth', from: ['birth', 'baptism'], label: 'Birth and baptism' },
  { kind: 'marriage', from: ['marriage'], label: 'Marriage' },
  { kind: 'death', from: ['death'], label: 'Death' },
  { kind: 'burial', from: ['burial'], label: 'Burial' },
];

function span(years: readonly number[]): string {
  if (!years.length) return '';
  const lo = Math.min(...years);
  const hi = Math.max(...years);
  return lo === hi ? `${lo}` : `${lo}–${hi}`;
}

export function nextRecords(places: readonly GeoInfoItem[], facts: readonly Fact[]): string[] {
  const j = jurisdictionOf(places);
  const years = facts.filter((f) => f.year !== null && !f.estimated).map((f) => f.year!);
  if (!j.label && !j.country)
    return [
      '- The reading of these documents found no place to search in; census, church and civil registration records of the family’s home area are the usual next step, for the years the documents give.',
    ];
  const out: string[] = [];
  out.push(`- **${j.label ?? j.country}**${years.length ? ` (${span(years)})` : ''}:`);
  for (const { kind, from, label } of KINDS) {
    const dated = facts.filter((f) => from.includes(f.kind) && f.year !== null && !f.estimated);
    if (!dated.length) continue;
    const year = Math.min(...dated.map((f) => f.year!));
    out.push(`  - ${label} (${span(dated.map((f) => f.year!))}): ${recordsFor(j, kind, year, years)}.`);
  }
  const lived = facts.filter((f) => f.year !== null).map((f) => f.year!);
  out.push(`  - Census and residence: ${recordsFor(j, 'census', lived.length ? Math.min(...lived) : 0, lived)}.`);
  return out;
}
