import sharp from 'sharp';

/** Skews looked for: a sheet laid crooked on the glass, up to this many degrees either way. */
export const MAX_SKEW = 10;
/** The page is measured this wide: lines of 10-pt print are still 4–5 px apart. */
const SAMPLE_WIDTH = 800;

/**
 * The angle (degrees, clockwise) that sets a page's lines level, by projection profiles: turned by
 * the right angle, the page's rows alternate between ink (lines) and paper (leading), and the row
 * sums vary most. Tried every degree from −10 to 10, then every fifth of a degree around the best.
 * tesseract straightens small skews itself; this is for the pages it gives up on (7° and more).
 */
export async function estimateSkew(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .greyscale()
    .resize({ width: SAMPLE_WIDTH, withoutEnlargement: true })
    .negate()
    .threshold(96)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = { data, width: info.width, height: info.height };
  const score = async (angle: number) => rowVariance(await rotated(ink, angle));
  let best = 0;
  let bestScore = -1;
  const tryAngle = async (angle: number) => {
    const s = await score(angle);
    if (s > bestScore) [best, bestScore] = [angle, s];
  };
  for (let a = -MAX_SKEW; a <= MAX_SKEW; a++) await tryAngle(a);
  const coarse = best;
  for (let a = coarse - 0.8; a <= coarse + 0.81; a += 0.2) await tryAngle(Math.round(a * 10) / 10);
  return best;
}

async function rotated(ink: { data: Buffer; width: number; height: number }, angle: number) {
  if (angle === 0) return ink;
  const { data, info } = await sharp(ink.data, { raw: { width: ink.width, height: ink.height, channels: 1 } })
    .rotate(angle, { background: '#000000' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The variance of the rows' ink sums: high when rows are either all line or all gap. */
function rowVariance({ data, width, height }: { data: Buffer; width: number; height: number }): number {
  let sum = 0;
  let squares = 0;
  for (let y = 0; y < height; y++) {
    let row = 0;
    const start = y * width;
    for (let x = 0; x < width; x++) row += data[start + x]!;
    sum += row;
    squares += row * row;
  }
  const mean = sum / height;
  return squares / height - mean * mean;
}
