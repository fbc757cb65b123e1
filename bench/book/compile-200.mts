// The book's renderers on a synthetic ~200-page manuscript, each format in a fresh process (so its
// peak RSS is its own): wall time, peak RSS and file size. Targets (issue 33): a 200-page compile
// in < 60 s and < 600 MB on this machine.
//
//   npx tsx bench/book/compile-200.mts [pdf|docx|epub|md ...]     (default: every format)
//
// The manuscript: 12 chapters of register entries (7 people, namesakes among them, 4 places with
// diacritics), two endnotes per entry (456 notes), a pedigree chart, one photo per chapter —
// the fixture's small JPEG and PNG plus four 1600 × 1200 noisy PNGs (~5.8 MB each, photographs
// that do not compress) — built by services/research/test/render-fixture.ts.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const FORMATS = ['pdf', 'docx', 'epub', 'md'] as const;
type Format = (typeof FORMATS)[number];

async function render(format: Format) {
  const { manuscript } = await import('../../services/research/test/render-fixture');
  const { encodePng } = await import('../../services/research/src/render/png');
  const { renderBook } = await import('../../services/research/src/render/index');
  const m = manuscript({ chapters: 12, entries: 19, filler: 5 });
  // Noise: a photograph's PNG does not compress; seeded so every run embeds the same bytes.
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  };
  const big = Array.from({ length: 4 }, (_, k) =>
    encodePng(1600, 1200, (x, y) => [(x / 7 + noise() / 3 + k * 40) & 0xff, (y / 5 + noise() / 3) & 0xff, noise()]),
  );
  let photo = 0;
  for (const c of m.chapters)
    for (const b of c.blocks)
      if (b.kind === 'photo' && photo++ % 3 === 2)
        Object.assign(b, { image: big[photo % 4]!, mime: 'image/png', width: 1600, height: 1200 });

  const started = performance.now();
  const bytes = await renderBook(m, format);
  const seconds = (performance.now() - started) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  let pages: number | undefined;
  if (format === 'pdf') {
    const { PDFDocument } = await import('pdf-lib');
    pages = (await PDFDocument.load(bytes)).getPageCount();
  }
  process.stdout.write(
    `${JSON.stringify({ format, seconds: +seconds.toFixed(1), peakRssMb: Math.round(peakMb), mb: +(bytes.length / 1e6).toFixed(1), ...(pages ? { pages } : {}), notes: m.notes.length, photos: photo })}\n`,
  );
}

const [mode, arg] = process.argv.slice(2);
if (mode === '--render') await render(arg as Format);
else {
  const chosen = (process.argv.slice(2).filter((a) => (FORMATS as readonly string[]).includes(a)) as Format[]) ?? [];
  for (const f of chosen.length ? chosen : FORMATS) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--render', f], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.stdout.write(out);
  }
}
