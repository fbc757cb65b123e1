import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a poppler tool on a PDF written to a private temp folder; `out` names what it writes there. */
async function withPdf<T>(pdf: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gn-poppler-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler's pdftotext reads it (what a reader's search and copy find); `-layout` keeps columns. */
export function pdfText(pdf: Uint8Array, opts: { layout?: boolean; page?: number } = {}): Promise<string> {
  return withPdf(pdf, async (file) => {
    const args = ['-enc', 'UTF-8'];
    if (opts.layout) args.push('-layout');
    if (opts.page) args.push('-f', String(opts.page), '-l', String(opts.page));
    const { stdout } = await run('pdftotext', [...args, file, '-']);
    return stdout;
  });
}

/** Page count and the first page's size in points, as pdfinfo reports them. */
export function pdfInfo(pdf: Uint8Array): Promise<{ pages: number; width: number; height: number }> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]),
      width: Number(size?.[1]),
      height: Number(size?.[2]),
    };
  });
}

/** One page rendered by pdftoppm as a PNG, at `dpi`. */
export function pdfPagePng(pdf: Uint8Array, page = 1, dpi = 72): Promise<Buffer> {
  return withPdf(pdf, async (file, dir) => {
    const out = path.join(dir, 'page');
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      out,
    ]);
    return readFile(`${out}.png`);
  });
}
