// What the GEDCOM benches share (issue 32): the third-party files of files/ (get-files.sh, SOURCES.md),
// their own counts, and an import through the real route and job, one user per file.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportRecord } from '@gnology/contracts';
import { startWorkers } from '@gnology/platform/jobs/registry';
import { gedcomImportJob } from '../../services/documents/src/people/jobs/gedcom-import';
import { multipart } from '../../services/documents/test/helpers/multipart';
import { startDocuments } from '../../services/documents/test/helpers/service';

export const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

export function benchFiles(): string[] {
  const files = readdirSync(dir)
    .filter((f) => /\.(ged|gdz)$/i.test(f))
    .sort();
  if (files.length === 0) throw new Error(`no files in ${dir}: run bench/gedcom-import/get-files.sh first`);
  return files;
}

/** The file's own counts: level-0 records by tag, with or without an xref. */
export function ownCounts(file: string) {
  const bytes = file.endsWith('.gdz')
    ? execFileSync('unzip', ['-p', path.join(dir, file), 'gedcom.ged'])
    : readFileSync(path.join(dir, file));
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] !== 0 && bytes[1] === 0);
  const text = utf16 ? bytes.toString('utf16le') : bytes.toString('latin1');
  const count = (tag: string) =>
    (text.match(new RegExp(`^\\s*0[ \\t]+(?:@[^@]+@[ \\t]+)?${tag}[ \\t]*\\r?$`, 'gm')) ?? []).length;
  return { individuals: count('INDI'), families: count('FAM'), sources: count('SOUR') };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The documents service with an import worker, and an upload that waits for its import to end. */
export async function startImportBench() {
  const h = await startDocuments();
  const workers = await startWorkers(h.deps.queue, [gedcomImportJob(h.deps)]);
  async function importAs(user: string, name: string, bytes: Buffer) {
    const token = await h.token(user);
    const body = multipart(name, bytes, { field: 'file' });
    const started = performance.now();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/people/import',
      headers: { ...auth(token), ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 202) return { token, seconds: 0, rec: null, refused: `${res.statusCode} ${res.body}` };
    const { importId } = res.json() as { importId: string };
    for (;;) {
      const rec = (
        await h.app.inject({ method: 'GET', url: `/api/people/imports/${importId}`, headers: auth(token) })
      ).json() as ImportRecord;
      if (rec.status === 'completed' || rec.status === 'failed')
        return { token, seconds: (performance.now() - started) / 1000, rec, refused: null };
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    h,
    importAs,
    close: async () => {
      await workers.close();
      await h.close();
      // After an import one Redis connection stays open past close (seen 2026-11-27: a socket to 6379
      // is the only active handle), and the bench would never end: it ends here, its work done.
      process.exit(0);
    },
  };
}
