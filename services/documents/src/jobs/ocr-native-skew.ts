import sharp from 'sharp';

/** The page is measured this wide: a 0.1° step moves the ends of a line by about two pixels. */
const SAMPLE_WIDTH = 1200;
/** Slopes looked for, degrees either way: what tesseract's own line finding straightens (more is skew.ts's job). */
const RANGE = 5;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.05;

/**
 * The angle (radians, clockwise, as sharp and leptonica turn) that sets the page's lines level: the native CLI does not
 * tell the slope tesseract.js's rotateAuto reads from tesseract's line finding, so it is measured here, by projection
 * profiles on sheared rows (the ink rows of a level page alternate with paper, and their squared sums peak). A
 * shear is computed on the ink pixels' coordinates, not by turning images: some milliseconds for a large page.
 * 0 when the page has too little ink to say.
 */
export async function levellingAngle(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: SAMPLE_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const channels = info.channels;
  // Ink: darker than the page's mean by a margin (paper tone varies between scans).
  let sum = 0;
  for (let i = 0; i < data.length; i += channels) sum += data[i]!;
  const threshold = Math.min(128, (sum / (width * height)) * 0.6);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[(y * width + x) * channels]! < threshold) {
        xs.push(x - width / 2);
        ys.push(y);
      }
  if (xs.length < 200) return 0;
  const rows = new Float64Array(height * 2 + width);
  const offset = width / 2 + height / 2;
  const score = (degrees: number) => {
    const t = Math.tan((degrees * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! + xs[i]! * t + offset);
      if (r >= 0 && r < rows.length) rows[r]!++;
    }
    let s = 0;
    for (const v of rows) s += v * v;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  const tryAngle = (a: number) => {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  };
  for (let a = -RANGE; a <= RANGE; a += COARSE_STEP) tryAngle(a);
  const coarse = best;
  for (let a = coarse - COARSE_STEP; a <= coarse + COARSE_STEP + 1e-9; a += FINE_STEP) tryAngle(a);
  return (best * Math.PI) / 180;
}
