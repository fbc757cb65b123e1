import sharp from 'sharp';

/** The page is measured this wide: a 0.1° step moves the ends of a line by about two pixels. */
const SAMPLE_WIDTH = 1200;
/** Slopes looked for, degrees either way: what tesseract's own line finding straightens (more is skew.ts's job). */
const RANGE = 5;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.05;
/** Radius of the page's local tone (sample pixels); ink is darker than it. */
const BLUR = 12;
/** Longest run of ink along a row that is still part of a letter (sample pixels): a word's strokes, not a rule. */
const MAX_RUN = 40;

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
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // Ink is darker than its surroundings: a scan's dark margins, the book's cover or the table around the page are as
  // dark as their own blur and do not count.
  const around = await sharp(data, { raw: { width, height, channels: 1 } })
    .blur(BLUR)
    // sharp makes one grey channel three again; one is kept.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! < around[i]! * 0.7 ? 1 : 0;
  // Long horizontal runs (rules, a page's or a cover's edge) weigh like many lines of type at the angle they lie at,
  // which need not be the type's: only runs as short as letters count.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (!ink[y * width + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < width && ink[y * width + end]) end++;
      if (end - x <= MAX_RUN)
        for (let k = x; k < end; k++) {
          xs.push(k - width / 2);
          ys.push(y);
        }
      x = end;
    }
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
