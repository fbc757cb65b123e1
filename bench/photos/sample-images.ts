// Test images for the photo benchmarks, made or unpacked on the fly (nothing large is committed):
// photos from scikit-image's sample data as Debian ships it (package python3-skimage; public
// domain or CC0 per skimage/data), group photos composed from them with sharp, and record scans
// rendered with sharp from text (census table, certificates, letters, typed; clean and noisy).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { astronautAgain, groupPhoto } from '../../services/documents/test/fixtures/photos';
import { censusTableSvg, svgPage, textLines, wrap } from '../../services/documents/test/fixtures/records';
import { BIRTH, CENSUS, LETTER, MARRIAGE, OBITUARY } from '../../services/documents/test/fixtures/texts';

export interface SampleImage {
  name: string;
  photo: boolean;
  image: Buffer;
}

/** skimage/data from an installed python3-skimage, else unpacked from the Debian package into a cache folder. */
export function skimageData(): string {
  const installed = '/usr/lib/python3/dist-packages/skimage/data';
  if (existsSync(path.join(installed, 'astronaut.png'))) return installed;
  const cache = path.join(tmpdir(), 'gn-bench-skimage');
  const data = path.join(cache, 'x/usr/lib/python3/dist-packages/skimage/data');
  if (existsSync(path.join(data, 'astronaut.png'))) return data;
  mkdirSync(cache, { recursive: true });
  execFileSync('apt-get', ['download', 'python3-skimage'], { cwd: cache, stdio: 'inherit' });
  const deb = readdirSync(cache).find((f) => f.startsWith('python3-skimage_') && f.endsWith('.deb'));
  if (!deb) throw new Error('apt-get download python3-skimage gave no package (run apt-get update first)');
  execFileSync('dpkg', ['-x', deb, 'x'], { cwd: cache });
  return data;
}

/** Real photos of scikit-image's data: people, animals, objects, sky, textures, microscopy. */
export const SKIMAGE_PHOTOS = [
  'astronaut',
  'camera',
  'coffee',
  'chelsea',
  'motorcycle_left',
  'rocket',
  'hubble_deep_field',
  'retina',
  'coins',
  'moon',
  'brick',
  'grass',
  'gravel',
  'ihc',
];

/** A certificate: double border, centred title, the record's text. */
function certificate(title: string, text: string): Buffer {
  const W = 1654;
  const H = 2339;
  let body = `<rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="#2b3a55" stroke-width="10"/><rect x="90" y="90" width="${W - 180}" height="${H - 180}" fill="none" stroke="#2b3a55" stroke-width="3"/>`;
  body += textLines([title], { x: W / 2, y: 300, size: 72, font: 'DejaVu Serif', anchor: 'middle', weight: 'bold' });
  body += textLines(wrap(text, 52), { x: 180, y: 480, size: 46, font: 'DejaVu Serif', lineHeight: 76 });
  return svgPage(W, H, body);
}

/** A typed page (letter, obituary): monospace on plain paper. */
function typedPage(text: string): Buffer {
  const W = 1654;
  const H = 2339;
  return svgPage(
    W,
    H,
    textLines(wrap(text, 58), { x: 160, y: 260, size: 44, font: 'DejaVu Sans Mono', lineHeight: 70 }),
  );
}

/** How a record reaches us: a clean flatbed scan, a noisy aged one, or a phone picture at lower resolution. */
async function scanned(svg: Buffer, variant: 'clean' | 'noisy' | 'phone' | 'faded'): Promise<Buffer> {
  const base = sharp(svg).flatten({ background: '#ffffff' });
  if (variant === 'clean') return base.png().toBuffer();
  // Ink faded and smudged past what OCR reads (as handwriting is to tesseract): still a record.
  if (variant === 'faded') return base.blur(4).linear(0.55, 115).jpeg({ quality: 70 }).toBuffer();
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  // Deterministic speckle noise, as old paper and a dusty glass give.
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let i = 0; i < data.length; i += info.channels) {
    const n = (rand() - 0.5) * (variant === 'noisy' ? 70 : 40);
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  let img = sharp(data, { raw: info })
    .rotate(variant === 'noisy' ? 1.5 : -2.5, { background: '#d8d2c0' })
    .blur(variant === 'noisy' ? 0.8 : 1.1)
    .modulate({ brightness: variant === 'noisy' ? 0.93 : 0.88, saturation: 0.7 })
    .tint({ r: 238, g: 226, b: 196 });
  if (variant === 'phone') img = img.resize({ width: Math.round(info.width * 0.6) });
  return img.jpeg({ quality: variant === 'noisy' ? 60 : 75 }).toBuffer();
}

/** A photo with a short handwritten-style caption in the margin: still a photo. */
async function captioned(file: string, caption: string): Promise<Buffer> {
  const meta = await sharp(file).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const band = Math.round(h * 0.18);
  const svg = svgPage(
    w,
    band,
    textLines([caption], {
      x: w / 2,
      y: band * 0.62,
      size: Math.round(band * 0.38),
      font: 'DejaVu Serif',
      anchor: 'middle',
    }),
    '#f6f1e4',
  );
  return sharp({ create: { width: w, height: h + band, channels: 3, background: '#f6f1e4' } })
    .composite([
      { input: await sharp(file).removeAlpha().toBuffer(), top: 0, left: 0 },
      { input: await sharp(svg).png().toBuffer(), top: h, left: 0 },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function sampleImages(): Promise<SampleImage[]> {
  const data = skimageData();
  const out: SampleImage[] = [];
  for (const name of SKIMAGE_PHOTOS) {
    const file = readdirSync(data).find((f) => f.startsWith(`${name}.`))!;
    out.push({ name: `skimage/${file}`, photo: true, image: await sharp(path.join(data, file)).toBuffer() });
  }
  // A 12 MP photo (a phone's size): the coffee cup scaled up to 4000 × 3000.
  out.push({
    name: 'coffee 12 MP',
    photo: true,
    image: await sharp(path.join(data, 'coffee.png')).resize(4000, 3000).jpeg({ quality: 90 }).toBuffer(),
  });
  for (const n of [2, 3, 4])
    out.push({ name: `group of ${n} (composed)`, photo: true, image: await groupPhoto(n, 600 * n) });
  out.push({ name: 'astronaut, reframed', photo: true, image: await astronautAgain() });
  out.push({
    name: 'astronaut with caption',
    photo: true,
    image: await captioned(path.join(data, 'astronaut.png'), 'Aunt Eileen, Houston 1995'),
  });
  out.push({
    name: 'coffee with caption',
    photo: true,
    image: await captioned(path.join(data, 'coffee.png'), 'Breakfast at the farm, 1961'),
  });
  // A black-and-white print scanned on its white album page: a photo that looks like paper around it.
  const print = await sharp(path.join(data, 'astronaut.png')).greyscale().resize(900).toBuffer();
  out.push({
    name: 'B&W print on a white album page',
    photo: true,
    image: await sharp({ create: { width: 1654, height: 2339, channels: 3, background: '#f7f7f4' } })
      .composite([{ input: print, top: 500, left: 377 }])
      .jpeg({ quality: 88 })
      .toBuffer(),
  });

  // Book page scanned (skimage's page.png): a printed page, not a photo.
  out.push({
    name: 'skimage/page.png (printed page)',
    photo: false,
    image: await sharp(path.join(data, 'page.png')).toBuffer(),
  });
  const records: [string, Buffer][] = [
    ['census table', censusTableSvg()],
    ['census table, no title', censusTableSvg(false)],
    ['birth certificate', certificate('Certificate of Birth', BIRTH)],
    ['marriage certificate', certificate('Certificate of Marriage', MARRIAGE)],
    ['letter (typed)', typedPage(LETTER)],
    ['obituary (typed)', typedPage(OBITUARY)],
    ['census (typed transcript)', typedPage(CENSUS)],
  ];
  for (const [name, svg] of records) {
    for (const variant of ['clean', 'noisy', 'phone', 'faded'] as const)
      out.push({ name: `${name}, ${variant}`, photo: false, image: await scanned(svg, variant) });
  }
  return out;
}
