import type { DocumentRecord } from '@gnology/contracts';

/** The gallery's filters (docs/contract.md#screen-states, #validation). */
export const GALLERY_FILTERS = ['all', 'untagged', 'portraits', 'documents'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

export const FILTER_LABELS: Record<GalleryFilter, string> = {
  all: 'All',
  untagged: 'Untagged',
  portraits: 'Portraits',
  documents: 'Documents',
};

export const PORTRAIT_TAG = 'portrait';

type Searchable = Pick<DocumentRecord, 'originalName' | 'peopleIdentified' | 'tags' | 'documentType'>;

/** docs/contract.md#screens: case-insensitive over the file name, the tagged people's names and the tags. */
export function matchesSearch(image: Searchable, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (image.originalName.toLowerCase().includes(q)) return true;
  if (image.peopleIdentified.some((p) => p.name.toLowerCase().includes(q))) return true;
  return image.tags.some((t) => t.toLowerCase().includes(q));
}

/**
 * Portraits: the tag "portrait". Documents: everything but photos. Untagged: photos nobody is
 * tagged in (a record scan is a document, not an untagged photo — decision 0060).
 */
export function matchesFilter(image: Searchable, filter: GalleryFilter): boolean {
  switch (filter) {
    case 'untagged':
      return image.documentType === 'photo' && image.peopleIdentified.length === 0;
    case 'portraits':
      return image.tags.some((t) => t.toLowerCase() === PORTRAIT_TAG);
    case 'documents':
      return image.documentType !== 'photo';
    default:
      return true;
  }
}

export function filterImages<T extends Searchable>(images: readonly T[], filter: GalleryFilter, query: string): T[] {
  return images.filter((image) => matchesFilter(image, filter) && matchesSearch(image, query));
}
