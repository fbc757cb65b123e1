import { ALBUM_DEFAULT_TITLE, type AlbumRequest, type AlbumStyle, type DocumentRecord } from '@gnology/contracts';

/** One photo as the album creator edits it (docs/contract.md#entities: the per-photo editing state). */
export interface DraftPhoto {
  id: string;
  fileName: string;
  caption: string;
  description: string;
  includeInAlbum: boolean;
  people: string[];
  date?: string;
  location?: string;
}

export interface AlbumSettings {
  title: string;
  description: string;
  style: AlbumStyle;
  includeMetadata: boolean;
}

export const DEFAULT_SETTINGS: AlbumSettings = {
  title: ALBUM_DEFAULT_TITLE,
  description: '',
  style: 'classic',
  includeMetadata: true,
};

/** The file name without its extension ("grandma-1952.jpg" → "grandma-1952"); a name that is only an extension stays. */
export function captionFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

type Source = Pick<DocumentRecord, '_id' | 'originalName' | 'peopleIdentified' | 'dateInfo' | 'geographicalInfo'>;

/** The draft of one photo: its caption from the file name, people, first date and first place from the document. */
export function draftPhoto(doc: Source): DraftPhoto {
  const place = doc.geographicalInfo[0];
  return {
    id: doc._id,
    fileName: doc.originalName,
    caption: captionFromFileName(doc.originalName),
    description: '',
    includeInAlbum: true,
    people: [...new Set(doc.peopleIdentified.map((p) => p.name.trim()).filter(Boolean))],
    date: doc.dateInfo[0]?.original,
    location: place ? (place.state && place.kind === 'town' ? `${place.name}, ${place.state}` : place.name) : undefined,
  };
}

/** The documents named by `ids`, in that order; ids with no document (deleted since) are left out. */
export function inIdOrder<T extends { _id: string }>(docs: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(docs.map((d) => [d._id, d]));
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [doc] : [];
  });
}

/** Swaps the item at `index` with its neighbour above (-1) or below (+1); at either end nothing moves. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The request body: the included photos in their order, blank optional facts left out. */
export function albumRequest(settings: AlbumSettings, photos: readonly DraftPhoto[]): AlbumRequest {
  return {
    title: settings.title.trim() || ALBUM_DEFAULT_TITLE,
    description: settings.description.trim(),
    style: settings.style,
    includeMetadata: settings.includeMetadata,
    photos: photos
      .filter((p) => p.includeInAlbum)
      .map((p) => ({
        id: p.id,
        caption: p.caption.trim(),
        description: p.description.trim(),
        people: p.people,
        ...(p.date ? { date: p.date } : {}),
        ...(p.location ? { location: p.location } : {}),
      })),
  };
}

/** What the progress line says while the album is made. */
export function progressText(
  status: 'queued' | 'rendering' | 'completed' | 'failed',
  done: number,
  total: number,
): string {
  if (status === 'queued') return 'Waiting to start...';
  if (status === 'completed') return 'Downloading your album...';
  if (status === 'failed') return '';
  return done >= total ? 'Finishing the PDF...' : `Placing photo ${done + 1} of ${total}`;
}
