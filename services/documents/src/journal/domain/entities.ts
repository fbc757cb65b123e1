import type {
  DateInfoItem,
  DocumentEntities,
  GeoInfoItem,
  Journal,
  JournalAncestor,
  PersonTag,
} from '@gnology/contracts';
import { extractDates } from '@gnology/genealogy/extraction/dates';
import type { Gazetteer } from '@gnology/genealogy/extraction';
import { deriveTags } from '@gnology/genealogy/extraction';
import { extractPlaces } from '@gnology/genealogy/extraction/places';

/**
 * A filled journal's people, dates and places as any document's extracted data: the ancestors are
 * the primary subjects, their spouses, parents and children carry those roles. Dates and places go
 * through the same normalisers as text extraction, but every journal place field is a place by
 * construction, so its first part is kept as a town even where the gazetteer has no such name.
 */

/** "Anna Nowak, b. 1876", "Anna Nowak (1876-1950)" → "Anna Nowak". */
export function personName(line: string): string {
  return line
    .split(/[,(]|\s+b\.\s|\s+born\s|\s+\d{3,4}/)[0]!
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** "1890 Chicago, Illinois", "1890-1900: Chicago" → "Chicago, Illinois". */
function placeOfResidence(line: string): string {
  return line.replace(/^(?:(?:abt|bef|aft|c\.|circa)\.?\s*)?\d{3,4}(?:\s*[-–/]\s*\d{2,4})?\s*[:,–-]?\s*/i, '').trim();
}

export function journalPeople(journal: Journal): PersonTag[] {
  const out: PersonTag[] = [];
  const seen = new Set<string>();
  const add = (raw: string | undefined, role: PersonTag['role']) => {
    const name = raw ? personName(raw) : '';
    if (!/\p{L}/u.test(name)) return;
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, role });
  };
  // Ancestors first: one ancestor's parent is often the next ancestor, who is a subject here.
  for (const a of journal.ancestors) add(a.name, 'primary_subject');
  for (const a of journal.ancestors) {
    add(a.marriage?.spouse, 'spouse');
    add(a.father, 'parent');
    add(a.mother, 'parent');
    for (const child of a.children) add(child, 'child');
  }
  return out;
}

function eventDates(a: JournalAncestor): string[] {
  return [
    a.birth?.date,
    a.baptism?.date,
    a.marriage?.date,
    a.death?.date,
    a.burial?.date,
    ...a.children,
    ...a.residences,
  ].filter((d): d is string => Boolean(d));
}

export function journalDates(journal: Journal): DateInfoItem[] {
  const out: DateInfoItem[] = [];
  const seen = new Set<string>();
  for (const a of journal.ancestors) {
    for (const value of eventDates(a)) {
      for (const d of extractDates(value).slice(0, 2)) {
        const key = `${d.normalized}|${d.qualifier}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(d);
      }
    }
  }
  return out.slice(0, 200);
}

function placeValues(a: JournalAncestor): string[] {
  return [
    a.birth?.place,
    a.baptism?.place,
    a.marriage?.place,
    a.death?.place,
    a.burial?.place,
    ...a.residences.map(placeOfResidence),
  ].filter((p): p is string => Boolean(p));
}

/** One place field: "Kraków, Małopolskie, Poland" → the town, the state, the country. */
export function placesOf(value: string, gaz: Gazetteer): GeoInfoItem[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return [];
  const found: GeoInfoItem[] = [];
  let countryCode: string | undefined;
  let stateName: string | undefined;
  for (const part of parts.slice(1)) {
    const bare = part.replace(/\.$/, '');
    const state = gaz.state(bare);
    const country = gaz.country(bare);
    if (/\b(?:County|Co\.|Parish|Shire)\b/i.test(bare))
      found.push({ name: bare.replace(/\bCo\.$/, 'County'), kind: 'county' });
    else if (country) {
      countryCode = country.code;
      found.push({ name: country.name, kind: 'country', countryCode: country.code });
    } else if (state) {
      stateName = state.name;
      countryCode ??= state.countryCode;
      found.push({ name: state.name, kind: 'state', countryCode: state.countryCode });
    }
  }
  // The first part is the locality, unless the field names only a state or a country.
  const first = parts[0]!;
  const loneCountry = parts.length === 1 ? gaz.country(first) : undefined;
  const loneState = parts.length === 1 && !loneCountry ? gaz.state(first) : undefined;
  if (loneCountry) found.unshift({ name: loneCountry.name, kind: 'country', countryCode: loneCountry.code });
  else if (loneState) found.unshift({ name: loneState.name, kind: 'state', countryCode: loneState.countryCode });
  else if (parts.length > 1 && /\b(?:church|chapel|cemetery|churchyard|st\.?|saint)\b/i.test(first)) {
    // "St Mary's, Kraków, Poland": a church or cemetery first; the locality is the next part.
    for (const item of placesOf(parts.slice(1).join(', '), gaz)) if (item.kind === 'town') found.unshift(item);
  } else {
    const town = gaz.town(first)?.find((t) => !countryCode || t.countryCode === countryCode);
    const region = { ...(stateName ? { state: stateName } : {}) };
    found.unshift(
      town
        ? { name: town.name, kind: 'town', countryCode: town.countryCode, ...region }
        : { name: first, kind: 'town', ...(countryCode ? { countryCode } : {}), ...region },
    );
  }
  return found;
}

export function journalPlaces(journal: Journal, gaz: Gazetteer): GeoInfoItem[] {
  const out: GeoInfoItem[] = [];
  const seen = new Set<string>();
  for (const a of journal.ancestors) {
    for (const value of placeValues(a)) {
      const items = placesOf(value, gaz);
      // Whatever else the text extractor recognises in the field ("near Dublin").
      for (const item of [...items, ...extractPlaces(`in ${value}`, gaz)]) {
        const key = `${item.kind}:${item.name.toLocaleLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(item);
      }
    }
  }
  return out.slice(0, 100);
}

export function journalOccupations(journal: Journal): string[] {
  const out = new Set<string>();
  for (const a of journal.ancestors) {
    for (const o of (a.occupation ?? '').split(/[;,/]|\band\b/)) {
      const t = o.trim().toLocaleLowerCase();
      if (t) out.add(t);
    }
  }
  return [...out].slice(0, 50);
}

export function journalEntities(journal: Journal, gaz: Gazetteer): DocumentEntities {
  const dateInfo = journalDates(journal);
  const geographicalInfo = journalPlaces(journal, gaz);
  return {
    documentType: 'journal',
    peopleIdentified: journalPeople(journal),
    dateInfo,
    geographicalInfo,
    occupations: journalOccupations(journal),
    tags: deriveTags('journal', dateInfo, geographicalInfo),
  };
}
