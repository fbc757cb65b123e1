import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { JOURNAL_VERSION, type JournalPaper } from '@gnology/contracts';
import { type JournalFonts, renderJournalPdf } from '../domain/journal/render-pdf';

/** One built journal: its bytes and the strong ETag of those bytes. */
export interface JournalFile {
  bytes: Buffer;
  etag: string;
  version: string;
  paper: JournalPaper;
}

let fonts: Promise<JournalFonts> | undefined;

/** The journal's faces: Inter (text and fields; full Unicode Latin, Greek, Cyrillic, Vietnamese) and Source Serif 4 (headings), the product's own type. */
export function loadJournalFonts(): Promise<JournalFonts> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const [text, heading] = await Promise.all([
      readFile(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
      readFile(require.resolve('@expo-google-fonts/source-serif-4/600SemiBold/SourceSerif4_600SemiBold.ttf')),
    ]);
    return { text: new Uint8Array(text), heading: new Uint8Array(heading) };
  })();
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
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
