/**
 * Is a rendered page blank? A page with no text layer is rendered at 300 dpi and OCR'd, a few
 * seconds each; a PDF of hundreds of empty pages is a few KB (issue 29, point 5). A page is blank
 * when almost none of its pixels are ink: at most `maxInkShare` of them are `inkContrast` or more
 * levels darker than the paper (the most common brightness). Dust, scanner noise and faint
 * bleed-through stay under it; one short line of 12 pt type (about 5 × 10⁻⁴ of an A4 page at the
 * viewer's 150 dpi) is well over it. Measured on the page as rendered for the viewer, which every
 * page gets anyway: no extra render.
 */
export const BLANK_RULE = {
  /** Levels (0..255) below the paper's brightness that count as ink (as the paper look's rule, photos/domain/paper-look.ts). */
  inkContrast: 48,
  /** At most this share of the pixels may be ink: 64 pixels of a 1240 × 1754 page. */
  maxInkShare: 3e-5,
} as const;

/** Share of ink pixels in 8-bit grey `pixels` (one channel). */
export function inkShare(pixels: Uint8Array): number {
  const n = pixels.length;
  if (n === 0) return 0;
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[pixels[i]!]!++;
  let paper = 0;
  for (let v = 1; v < 256; v++) if (hist[v]! > hist[paper]!) paper = v;
  let ink = 0;
  for (let v = 0; v <= paper - BLANK_RULE.inkContrast; v++) ink += hist[v]!;
  return ink / n;
}

export function isBlank(pixels: Uint8Array): boolean {
  return inkShare(pixels) <= BLANK_RULE.maxInkShare;
}
