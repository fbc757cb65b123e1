import type { DocumentEntities } from '@gnology/contracts';
import { PORTRAIT_TAG } from './portrait';

/**
 * The extracted entities of an image once the photo rule has spoken: the rule (confident OCR
 * words, not letter counts) decides whether it is a `photo`, overriding the extractor's guess
 * either way, and a portrait gets the "portrait" tag. The type tag follows the type.
 */
export function withPhotoVerdict(
  entities: DocumentEntities,
  verdict: { photo: boolean; portrait: boolean },
): DocumentEntities {
  const typeTags = new Set<string>([entities.documentType, 'photo', PORTRAIT_TAG]);
  const rest = entities.tags.filter((t) => !typeTags.has(t));
  if (verdict.photo) {
    return {
      ...entities,
      documentType: 'photo',
      tags: ['photo', ...(verdict.portrait ? [PORTRAIT_TAG] : []), ...rest].slice(0, 20),
    };
  }
  if (entities.documentType !== 'photo') return entities;
  // The extractor saw few letters and said photo; the words say it is a record of some kind.
  return { ...entities, documentType: 'other', tags: rest };
}
