import type { ImageRegion } from '@gnology/contracts';

export const PORTRAIT_TAG = 'portrait';

/**
 * A portrait: one face is the picture's main subject. Exactly one face large enough to be the
 * subject (its box at least this share of the picture's shorter side: a head-and-shoulders
 * picture is ~20–40 %, a face in a crowd or a landscape a few %), and no other face of
 * comparable size (a couple is not a portrait; a small face far behind does not spoil one).
 */
export const PORTRAIT_RULE = {
  /** Face height over the picture's height, and width over its width: the larger of the two. */
  minSubjectShare: 0.15,
  /** Another face at least this fraction of the subject's size makes it a group. */
  rivalShare: 0.5,
} as const;

/** The face's size as a share of the picture (0..1). */
function share(r: ImageRegion): number {
  return Math.max(r.width, r.height);
}

export function isPortrait(faces: readonly { region: ImageRegion }[]): boolean {
  if (faces.length === 0) return false;
  const sizes = faces.map((f) => share(f.region)).sort((a, b) => b - a);
  const subject = sizes[0]!;
  if (subject < PORTRAIT_RULE.minSubjectShare) return false;
  return sizes.slice(1).every((s) => s < subject * PORTRAIT_RULE.rivalShare);
}
