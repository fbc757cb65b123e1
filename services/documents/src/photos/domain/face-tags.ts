import type { ImageRegion, PersonTag } from '@gnology/contracts';

export type FaceTagResult = { ok: true; people: PersonTag[] } | { ok: false; error: string };

/**
 * People tags as stored: a tag naming a face (`faceId`) must name a face of this document, and
 * gets that face's region (whatever region the client sent); a face carries one person at most.
 * Tags without a face keep the region the client drew, if any.
 */
export function attachFaceRegions(
  people: readonly PersonTag[],
  faces: readonly { faceId: string; region: ImageRegion }[],
): FaceTagResult {
  const regions = new Map(faces.map((f) => [f.faceId, f.region]));
  const used = new Set<string>();
  const out: PersonTag[] = [];
  for (const tag of people) {
    if (tag.faceId === undefined) {
      out.push(tag);
      continue;
    }
    const region = regions.get(tag.faceId);
    if (!region) return { ok: false, error: 'That face is not in this photo' };
    if (used.has(tag.faceId)) return { ok: false, error: 'A face can be tagged with one person only' };
    used.add(tag.faceId);
    out.push({ ...tag, region });
  }
  return { ok: true, people: out };
}

/**
 * A new reading's people, after the tags a person tied to a face or a region (only a person sets
 * those, in the gallery): those stay, ahead; the text's people are read anew ("Read again" and
 * the re-extraction after an extractor upgrade alike).
 */
export function keepPlacedTags(before: readonly PersonTag[], read: readonly PersonTag[]): PersonTag[] {
  const kept = before.filter((t) => t.faceId || t.region);
  const key = (t: PersonTag) => `${t.name.toLowerCase()}|${t.role}`;
  const seen = new Set(kept.map(key));
  return [...kept, ...read.filter((t) => !seen.has(key(t)))];
}
