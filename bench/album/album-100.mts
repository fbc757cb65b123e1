// An album of 100 twelve-megapixel JPEGs rendered by the album job's renderer in one process (one
// worker): wall time, peak RSS and PDF size. Targets: < 60 s, < 600 MB peak RSS, PDF < 150 MB.
//
//   npx tsx bench/album/album-100.mts [style ...]      (default: every style)
//
// The photos are made once with sharp into $ALBUM_BENCH_DIR (default /tmp/gn-album-bench): ten
// distinct 4000 × 3000 synthetic photographs with grain and coarse texture (so they compress like
// real photographs, not flat drawings), each written ten times. Each style is
// rendered in a fresh child process, so its peak RSS is its own.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.ALBUM_BENCH_DIR ?? '/tmp/gn-album-bench';
const COUNT = 100;
const STYLES = ['classic', 'modern', 'vintage', 'minimal'] as const;
const file = (i: number) => path.join(dir, `photo-${String(i).padStart(3, '0')}.jpg`);

async function generate() {
  const { syntheticPhoto } = await import('../../services/album/test/fixtures/photos');
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 10; i++) {
    const jpeg = await syntheticPhoto({ width: 4000, height: 3000, seed: i + 1, quality: 90, detail: true });
    for (let k = i; k < COUNT; k += 10) writeFileSync(file(k), jpeg);
  }
}

async function render(style: (typeof STYLES)[number]) {
  const { renderAlbumPdf } = await import('../../services/album/src/pdf/render-album');
  const started = performance.now();
  const { bytes, pageCount } = await renderAlbumPdf({
    title: 'Benchmark: the Kowalski–Nguyễn family',
    description: 'One hundred twelve-megapixel photographs.',
    style,
    includeMetadata: true,
    createdAt: new Date(),
    photos: Array.from({ length: COUNT }, (_, i) => ({
      name: path.basename(file(i)),
      open: async () => createReadStream(file(i)),
      text: {
        caption: `Photo ${i + 1}: Łukasz, Zoë and Søren`,
        description: 'A summer afternoon by the lake.',
        people: ['Łukasz', 'Zoë', 'Søren'],
        date: '1952',
        place: 'Bled',
      },
    })),
  });
  const seconds = (performance.now() - started) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `${JSON.stringify({ style, seconds: +seconds.toFixed(1), peakRssMb: Math.round(peakMb), pdfMb: +(bytes.length / 1e6).toFixed(1), pages: pageCount })}\n`,
  );
}

const [mode, arg] = process.argv.slice(2);
if (mode === '--generate') await generate();
else if (mode === '--render') await render(arg as (typeof STYLES)[number]);
else {
  const styles = process.argv.slice(2).length ? (process.argv.slice(2) as (typeof STYLES)[number][]) : [...STYLES];
  if (!existsSync(file(COUNT - 1)))
    execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'album-100.mts'), '--generate'], {
      stdio: 'inherit',
    });
  console.log(`photos: ${COUNT} × 4000×3000 JPEG, ${(statSync(file(0)).size / 1e6).toFixed(1)} MB each`);
  for (const style of styles)
    execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'album-100.mts'), '--render', style], {
      stdio: 'inherit',
    });
}
