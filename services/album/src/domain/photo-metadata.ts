import type { AlbumPhoto, PhotoInfo } from '@gnology/contracts';

/** What an album page says about one photo. */
export interface PhotoText {
  caption: string;
  description: string;
  people: string[];
  date: string | null;
  place: string | null;
}

/** The file name without its extension: the caption the album creator starts from. */
export function baseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The words printed with a photo: what the user wrote in the album request first, then what the
 * documents service knows about the photo (tagged people, dates and places found in it).
 */
export function photoText(
  photo: AlbumPhoto,
  info: Pick<PhotoInfo, 'originalName' | 'peopleIdentified' | 'dateInfo' | 'geographicalInfo'> | undefined,
): PhotoText {
  const caption = photo.caption.trim() || (info ? baseName(info.originalName) : '');
  const requested = unique(photo.people.map((p) => p.trim()).filter(Boolean));
  const people = requested.length
    ? requested
    : unique((info?.peopleIdentified ?? []).map((p) => p.name.trim()).filter(Boolean));
  const date = photo.date?.trim() || info?.dateInfo[0]?.original?.trim() || null;
  const place =
    photo.location?.trim() ||
    unique((info?.geographicalInfo ?? []).map((g) => g.name.trim()).filter(Boolean))
      .slice(0, 3)
      .join(', ') ||
    null;
  return { caption, description: photo.description.trim(), people, date, place };
}

/** The metadata lines under a caption, in print order; empty when there is nothing to say. */
export function metadataLines(text: PhotoText): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (text.people.length)
    lines.push({ label: text.people.length === 1 ? 'Person' : 'People', value: text.people.join(', ') });
  if (text.date) lines.push({ label: 'Date', value: text.date });
  if (text.place) lines.push({ label: 'Place', value: text.place });
  return lines;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
