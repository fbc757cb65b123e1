import { foldText, type DateInfoItem, type GeoInfoItem, type PersonTag } from '@gnology/contracts';
import { citedDate } from '@gnology/genealogy/citation';
import type { BookPerson, BookPhotoWire } from './types';

/*
 * The gallery's photos of the book's people (decision 0234): a photo whose tags the people index
 * grouped into someone of the book, or — for people known only from an imported tree — whose tag
 * is that person's name exactly, when no one else of the book has that name. The caption is the
 * date and place read from the photo, if any; the register names the tagged people itself.
 */

export const BOOK_PHOTO_MAX_SIDE = 1600;

export interface PhotoCandidate {
  id: string;
  people: readonly PersonTag[];
  dates: readonly Pick<DateInfoItem, 'normalized' | 'qualifier'>[];
  places: readonly Pick<GeoInfoItem, 'name'>[];
  width: number | null;
  height: number | null;
  /** Book person ids the index ties this photo's tags to, in tag order. */
  indexed: readonly string[];
}

/** The downscaled size: the longer side at most 1600 px, never enlarged. */
export function bookPhotoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, BOOK_PHOTO_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function bookPhotos(candidates: readonly PhotoCandidate[], people: readonly BookPerson[]): BookPhotoWire[] {
  const byName = new Map<string, BookPerson[]>();
  for (const p of people) byName.set(foldText(p.name), [...(byName.get(foldText(p.name)) ?? []), p]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const out: BookPhotoWire[] = [];
  for (const c of candidates) {
    if (!c.width || !c.height) continue;
    const tagged: { id: string; name: string }[] = [];
    const add = (id: string, name: string) => {
      if (!tagged.some((t) => t.id === id)) tagged.push({ id, name });
    };
    for (const id of c.indexed) if (byId.has(id)) add(id, byId.get(id)!.name);
    for (const tag of c.people) {
      const same = byName.get(foldText(tag.name)) ?? [];
      if (same.length === 1) add(same[0]!.id, same[0]!.name);
    }
    if (tagged.length === 0) continue;
    // Tags not of the book are named too: the caption says who is in the picture.
    for (const tag of c.people) {
      if (!tagged.some((t) => foldText(t.name) === foldText(tag.name)) && !byName.get(foldText(tag.name))?.length)
        tagged.push({ id: `tag:${c.id}:${foldText(tag.name)}`, name: tag.name });
    }
    const date = c.dates[0];
    const place = c.places[0]?.name?.trim();
    const caption = [date ? citedDate(date) : null, place || null].filter(Boolean).join(', ');
    out.push({
      id: c.id,
      caption: caption ? capitalize(caption) : null,
      people: tagged,
      mime: 'image/jpeg',
      ...bookPhotoSize(c.width, c.height),
    });
  }
  return out;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
