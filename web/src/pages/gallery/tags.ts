import type { DocumentRecord } from '@gnology/contracts';
import { PORTRAIT_TAG } from './galleryFilter';

/** Tags compare without regard to case, as the server compares them (decision 0216). */
const key = (tag: string) => tag.trim().toLowerCase();

export function hasTag(tags: readonly string[], tag: string): boolean {
  return tags.some((t) => key(t) === key(tag));
}

export function withoutTagNamed(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => key(t) !== key(tag));
}

/**
 * What the tag fields offer: "portrait" first (the Portraits filter's tag), then every tag on the
 * user's images, once each whatever its case, in alphabetical order. The gallery holds all of the
 * user's images, so this is all of their photo tags (decision 0216).
 */
export function tagSuggestions(images: readonly Pick<DocumentRecord, 'tags'>[]): string[] {
  const seen = new Set([PORTRAIT_TAG]);
  const rest: string[] = [];
  for (const image of images)
    for (const tag of image.tags) {
      if (seen.has(key(tag))) continue;
      seen.add(key(tag));
      rest.push(tag.trim());
    }
  return [PORTRAIT_TAG, ...rest.sort((a, b) => a.localeCompare(b))];
}
