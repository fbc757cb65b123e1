/**
 * Does the picture look like a sheet of paper? A record scan or a phone picture of one is a
 * large, even, light and nearly colourless background with thin dark strokes on it; a photo has
 * spread tones, colour, or a subject filling a block of the frame (even a black-and-white print
 * on a white album page does). This catches the records OCR cannot read — handwriting, faded
 * ink, ruled tables tesseract's page segmentation gives up on — which the word rule alone would
 * call photos. Measured on a 256 px downscale (bench/photos/classification.ts).
 */
export const PAPER_RULE = {
  /** The most common brightness (the background) at least this light (0..255). */
  minBackground: 176,
  /** Share of pixels within ±12 levels of the background. */
  minBackgroundShare: 0.6,
  /** Mean saturation ((max − min) / max per pixel) at most this. */
  maxSaturation: 0.2,
  /** Ink: pixels 48+ levels darker than the background; a blank page is not a record. */
  minInk: 0.004,
  /** Solid: off-background pixels whose 8 neighbours are all off-background too (a picture block, not strokes). */
  maxSolid: 0.1,
} as const;

export interface PaperMeasure {
  background: number;
  backgroundShare: number;
  saturation: number;
  ink: number;
  solid: number;
}

/** Measures interleaved 8-bit pixels (`channels` per pixel, the first three RGB) of a `width` × `height` picture. */
export function measurePaper(pixels: Uint8Array, width: number, height: number, channels: number): PaperMeasure {
  const n = width * height;
  if (n === 0) return { background: 0, backgroundShare: 0, saturation: 0, ink: 0, solid: 0 };
  const luma = new Uint8Array(n);
  const bins = new Array<number>(64).fill(0);
  let saturation = 0;
  for (let p = 0; p < n; p++) {
    const i = p * channels;
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    const max = Math.max(r, g, b);
    saturation += max ? (max - Math.min(r, g, b)) / max : 0;
    luma[p] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    bins[luma[p]! >> 2]!++;
  }
  const mode = bins.indexOf(Math.max(...bins));
  const background = mode * 4 + 2;
  let near = 0;
  for (let k = Math.max(0, mode - 3); k <= Math.min(63, mode + 3); k++) near += bins[k]!;
  let ink = 0;
  for (let k = 0; k < mode - 12; k++) ink += bins[k]!;
  const off = (p: number) => Math.abs(luma[p]! - background) > 24;
  let solid = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (!off(p)) continue;
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = off(p + dy * width + dx);
      if (all) solid++;
    }
  }
  return { background, backgroundShare: near / n, saturation: saturation / n, ink: ink / n, solid: solid / n };
}

export function looksLikePaper(m: PaperMeasure): boolean {
  return (
    m.background >= PAPER_RULE.minBackground &&
    m.backgroundShare >= PAPER_RULE.minBackgroundShare &&
    m.saturation <= PAPER_RULE.maxSaturation &&
    m.ink >= PAPER_RULE.minInk &&
    m.solid <= PAPER_RULE.maxSolid
  );
}
