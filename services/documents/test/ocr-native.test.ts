import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@gnology/platform/logger';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { wordsFromTsv } from '../src/photos/domain/ocr-words';
import { OCR_MODEL } from '../src/library/jobs/ocr-models';
import {
  createNativeReader,
  NativeOcrError,
  nativeModels,
  nativeTesseractVersion,
} from '../src/library/jobs/ocr-native';
import { levellingAngle } from '../src/library/jobs/ocr-native-skew';
import { createOcrPool } from '../src/library/jobs/ocr-pool';

/*
 * Decision 0237: the native Tesseract reader, against a stand-in `tesseract` (a shell script) so that what is tested
 * is what the product does with the CLI — its arguments, environment, outputs, failures — on any machine. The real
 * engines, side by side, are in ocr-native-engines.int.test.ts.
 */

const TSV = [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  '1\t1\t0\t0\t0\t0\t0\t0\t600\t400\t-1\t',
  '2\t1\t1\t0\t0\t0\t40\t50\t300\t40\t-1\t',
  '3\t1\t1\t1\t0\t0\t40\t50\t300\t40\t-1\t',
  '4\t1\t1\t1\t1\t0\t40\t50\t300\t40\t-1\t',
  '5\t1\t1\t1\t1\t1\t40\t50\t120\t40\t96.53\tAnna',
  '5\t1\t1\t1\t1\t2\t180\t50\t160\t40\t91.9\tMüller',
  '5\t1\t1\t1\t1\t3\t360\t50\t10\t40\t95\t ',
].join('\n');

/** A stand-in `tesseract`: answers --version, OSD (`-` as output) and a reading, and notes how it was called. */
function fakeTesseract(opts: { version?: string; fail?: string; sleep?: number } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gn-fake-tesseract-'));
  const bin = path.join(dir, 'tesseract');
  const calls = path.join(dir, 'calls');
  writeFileSync(path.join(dir, 'out.tsv'), `${TSV}\n`);
  writeFileSync(
    bin,
    `#!/bin/sh
echo "OMP=$OMP_THREAD_LIMIT $*" >> "${calls}"
[ "$1" = "--version" ] && { echo "${opts.version ?? 'tesseract 5.3.0'}"; echo " leptonica-1.82.0"; exit 0; }
${opts.sleep ? `exec sleep ${opts.sleep}` : ''}
${opts.fail ? `echo "${opts.fail}" >&2; exit 3` : ''}
if [ "$2" = "-" ]; then printf 'Page number: 0\\nOrientation in degrees: 270\\nRotate: 90\\nOrientation confidence: 4.52\\nScript: Latin\\n'; exit 0; fi
printf 'Anna Müller\\n' > "$2.txt"
cp "${path.join(dir, 'out.tsv')}" "$2.tsv"
`,
  );
  chmodSync(bin, 0o755);
  return { bin, calls: () => readFileSync(calls, 'utf8').trim().split('\n') };
}

const blank = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

/** A page of lines of dark word-sized blocks (type from afar), turned clockwise by `degrees`. */
async function linedPage(degrees: number): Promise<Buffer> {
  const words: string[] = [];
  for (let line = 0; line < 20; line++) {
    const y = 120 + line * 55;
    const end = line % 5 === 4 ? 650 : 1250;
    for (let x = 150, i = 0; x < end; i++) {
      const w = 24 + ((line * 7 + i * 13) % 30);
      words.push(`<rect x="${x}" y="${y}" width="${w}" height="18" fill="#151515"/>`);
      x += w + 14;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400"><rect width="100%" height="100%" fill="#f8f6f0"/>${words.join('')}</svg>`;
  return sharp(Buffer.from(svg)).rotate(degrees, { background: '#f8f6f0' }).png().toBuffer();
}

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger({ service: 'test', level: 'info', destination }), lines };
}

describe('the native Tesseract reader (decision 0237)', () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'gn-native-cache-'));

  it('runs the CLI on one thread, on the same unpacked 4.0.0_best_int models, and maps its outputs as tesseract.js returns them', async () => {
    const fake = fakeTesseract();
    const models = nativeModels(cache);
    const reader = createNativeReader({ models, timeoutMs: 30_000, binary: fake.bin });
    const page = await reader.recognize(await blank(), 'eng+deu', { rotateAuto: false });
    expect(page.text).toBe('Anna Müller\n');
    // The header row goes; the words and their boxes are what the JS engine's TSV gives (empty words dropped).
    expect(page.tsv?.startsWith('1\t1\t0')).toBe(true);
    expect(wordsFromTsv(page.tsv)).toEqual([
      { text: 'Anna', confidence: 96.53, left: 40, top: 50, width: 120, height: 40 },
      { text: 'Müller', confidence: 91.9, left: 180, top: 50, width: 160, height: 40 },
    ]);
    // MeanTextConf: the integer mean of integer confidences, the empty word included (96 + 91 + 95) / 3.
    expect(page.confidence).toBe(94);
    expect(page.rotateRadians).toBe(0);
    const [call] = fake.calls();
    expect(call).toContain('OMP=1 ');
    expect(call).toContain('--oem 1 --psm 3 -l eng+deu');
    expect(call).toContain(`--tessdata-dir ${path.join(cache, 'native', OCR_MODEL)}`);
    // The models are the npm packages' files, unpacked.
    const eng = readFileSync(path.join(cache, 'native', OCR_MODEL, 'eng.traineddata'));
    expect(eng.length).toBeGreaterThan(1_000_000);
  });

  it('reads orientation with OSD (--psm 0) as the clockwise turn that sets the page upright', async () => {
    const fake = fakeTesseract();
    const reader = createNativeReader({ models: nativeModels(cache), timeoutMs: 30_000, binary: fake.bin });
    await expect(reader.detectOrientation(await blank())).resolves.toEqual({ degrees: 90, confidence: 4.52 });
    expect(fake.calls()[0]).toContain('--psm 0 -l osd');
  });

  it('fails without echoing what the CLI wrote on stderr', async () => {
    const fake = fakeTesseract({ fail: 'Error in pixReadMem: Anna Müller born 1841' });
    const reader = createNativeReader({ models: nativeModels(cache), timeoutMs: 30_000, binary: fake.bin });
    const err = await reader.recognize(await blank(), 'eng').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NativeOcrError);
    expect(String((err as Error).message)).toBe('tesseract failed (exit 3)');
    expect(String(err)).not.toContain('Müller');
  });

  it('kills a reading that runs past its timeout', async () => {
    const fake = fakeTesseract({ sleep: 30 });
    const reader = createNativeReader({ models: nativeModels(cache), timeoutMs: 300, binary: fake.bin });
    const err = await reader.recognize(await blank(), 'eng').catch((e: unknown) => e);
    expect(String((err as Error).message)).toBe('tesseract timed out after 300 ms');
  });

  it('straightens a page laid crooked, as rotateAuto does, and hands back the image it read', async () => {
    const fake = fakeTesseract();
    const reader = createNativeReader({ models: nativeModels(cache), timeoutMs: 30_000, binary: fake.bin });
    const page = await reader.recognize(await linedPage(2), 'eng');
    expect(((page.rotateRadians ?? 0) * 180) / Math.PI).toBeCloseTo(-2, 1);
    expect(page.straightened).toBeInstanceOf(Buffer);
    const level = await reader.recognize(await linedPage(0), 'eng');
    expect(level.rotateRadians).toBe(0);
    expect(level.straightened).toBeUndefined();
  });

  it('measures the slope either way to a tenth of a degree, and says 0 for a page without ink', async () => {
    for (const degrees of [-3.5, -0.8, 1.2, 4])
      expect((await levellingAngle(await linedPage(degrees))) * (180 / Math.PI)).toBeCloseTo(-degrees, 1);
    expect(await levellingAngle(await blank())).toBe(0);
  });

  it('goes by the type, not by the dark cover and the rule lying level around a crooked page', async () => {
    const page = await linedPage(-1.5);
    const { width = 0, height = 0 } = await sharp(page).metadata();
    const around = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="70" fill="#35404a"/><rect x="${width - 160}" width="160" height="${height}" fill="#35404a"/><rect x="100" y="${height - 90}" width="${width - 300}" height="6" fill="#111"/></svg>`,
    );
    const framed = await sharp(page)
      .composite([{ input: around }])
      .png()
      .toBuffer();
    expect((await levellingAngle(framed)) * (180 / Math.PI)).toBeCloseTo(1.5, 1);
  });
});

describe('choosing the engine (OCR_ENGINE)', () => {
  it('knows Tesseract 5 by its --version, and nothing else', async () => {
    expect(await nativeTesseractVersion(fakeTesseract().bin)).toBe('5.3.0');
    expect(await nativeTesseractVersion(fakeTesseract({ version: 'tesseract 4.1.1' }).bin)).toBeNull();
    expect(await nativeTesseractVersion('/nonexistent/tesseract')).toBeNull();
  });

  it('auto reads natively when Tesseract 5 answers at boot, and says so once', async () => {
    const fake = fakeTesseract();
    const { logger, lines } = captureLogs();
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'gn-native-pool-'));
    const pool = createOcrPool({ workers: 2, cacheDir, engine: 'auto', tesseractBinary: fake.bin, logger });
    const read = await pool.recognize(await blank(), { orient: false });
    await pool.recognize(await blank(), { orient: false });
    await pool.close();
    expect(read.text).toBe('Anna Müller\n');
    expect(read.words.map((w) => w.text)).toEqual(['Anna', 'Müller']);
    expect(lines.filter((l) => l.msg === 'OCR engine')).toMatchObject([{ engine: 'native', version: '5.3.0' }]);
  });

  it('auto goes on with tesseract.js when the binary disappears after boot, and says so once', async () => {
    const fake = fakeTesseract();
    const { logger, lines } = captureLogs();
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'gn-native-pool-'));
    const pool = createOcrPool({ workers: 1, cacheDir, engine: 'auto', tesseractBinary: fake.bin, logger });
    expect((await pool.recognize(await blank(), { orient: false })).text).toBe('Anna Müller\n');
    rmSync(fake.bin);
    // tesseract.js reads the blank page: nothing, but no failure.
    expect((await pool.recognize(await blank(), { orient: false })).text.trim()).toBe('');
    expect((await pool.recognize(await blank(), { orient: false })).text.trim()).toBe('');
    await pool.close();
    expect(lines.filter((l) => String(l.msg).startsWith('native tesseract is gone'))).toHaveLength(1);
  }, 60_000);

  it('native refuses to read, saying why, when no Tesseract 5 answers', async () => {
    const { logger, lines } = captureLogs();
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'gn-native-pool-'));
    const pool = createOcrPool({
      workers: 1,
      cacheDir,
      engine: 'native',
      tesseractBinary: '/nonexistent/tesseract',
      logger,
    });
    await expect(pool.recognize(await blank(), { orient: false })).rejects.toThrow(/OCR_ENGINE=native/);
    await pool.close();
    expect(lines.some((l) => l.level === 50 && String(l.msg).includes('OCR_ENGINE=native'))).toBe(true);
  });
});
