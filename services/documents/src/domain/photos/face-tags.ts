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
