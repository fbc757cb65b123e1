import { createHash } from 'node:crypto';
import { JOURNAL_VERSION, type JournalPaper } from '@gnology/contracts';
import { renderJournalPdf } from '../domain/render-pdf';
import { loadJournalFonts } from '../../fonts/product-fonts';

/** One built journal: its bytes and the strong ETag of those bytes. */
export interface JournalFile {
  bytes: Buffer;
  etag: string;
  version: string;
  paper: JournalPaper;
}

/** Builds a journal (no cache): tests and the benchmark call this directly. */
export async function buildJournal(paper: JournalPaper, version = JOURNAL_VERSION): Promise<JournalFile> {
  const bytes = Buffer.from(await renderJournalPdf({ paper, version, fonts: await loadJournalFonts() }));
  return {
    bytes,
    etag: `"journal-${version}-${paper}-${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`,
    version,
    paper,
  };
}

/**
 * The journal is the same for everyone and changes only with its version: each (version, paper)
 * is built once per process, on first request, and served from memory after that. A failed build
 * is not cached, so the next request tries again.
 */
export function createJournalCache(build: typeof buildJournal = buildJournal) {
  const built = new Map<string, Promise<JournalFile>>();
  return {
    get(paper: JournalPaper, version = JOURNAL_VERSION): Promise<JournalFile> {
      const key = `${version}:${paper}`;
      let file = built.get(key);
      if (!file) {
        file = build(paper, version);
        built.set(key, file);
        file.catch(() => built.delete(key));
      }
      return file;
    },
  };
}
export type JournalCache = ReturnType<typeof createJournalCache>;
