import type { PersonDetail, PersonTag } from '@gnology/contracts';
import { directoryEntries } from './directory-entries';

/**
 * A directory entry's trade and street belong to the person it names ("Dupont (Jean), tailleur,
 * r. de Chartres, 12": Jean Dupont is a tailor at that address), not to the page: they are set on
 * that person's detail, and only where the entry's name is the person's as read.
 */
export function withDirectoryFacts(
  text: string,
  people: readonly PersonTag[],
  details: readonly PersonDetail[],
): PersonDetail[] {
  const entries = directoryEntries(text).filter((e) => !e.firm && (e.occupation || e.addressEnd > e.addressStart));
  if (!entries.length) return [...details];
  const byName = new Map(details.map((d) => [d.name, { ...d }]));
  const named = new Set(people.map((p) => p.name));
  for (const e of entries) {
    if (!named.has(e.name)) continue;
    const detail = byName.get(e.name) ?? { name: e.name };
    const occupation = e.occupation?.replace(/[\s,;.]+$/, '').trim();
    const address = text
      .slice(e.addressStart, e.addressEnd)
      .replace(/\s+/g, ' ')
      .replace(/[\s,;.]+$/, '')
      .trim();
    if (occupation && !detail.occupation) detail.occupation = occupation.slice(0, 100);
    if (address && !detail.address) detail.address = address.slice(0, 200);
    byName.set(e.name, detail);
  }
  return [...byName.values()];
}
