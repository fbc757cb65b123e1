/* The words and numbers the book screens show, kept apart from the screens so they can be tested. */

export type BookFormat = 'pdf' | 'docx' | 'epub' | 'md';

export const BOOK_FORMATS: { format: BookFormat; label: string; hint: string }[] = [
  { format: 'pdf', label: 'PDF', hint: 'Print-ready, to read or send to a printer' },
  { format: 'docx', label: 'Word (DOCX)', hint: 'To edit in a word processor' },
  { format: 'epub', label: 'EPUB', hint: 'For e-readers' },
  { format: 'md', label: 'Markdown', hint: 'Plain text with simple formatting' },
];

/** Generations a book can cover (the contract's range). */
export const GENERATIONS = [2, 3, 4, 5, 6] as const;
export const DEFAULT_GENERATIONS = 4;

const STATUS_LABEL = {
  empty: 'Not written',
  writing: 'Writing…',
  written: 'Written',
  edited: 'Edited by you',
  failed: 'Failed',
} as const;

export function chapterStatusLabel(status: keyof typeof STATUS_LABEL): string {
  return STATUS_LABEL[status] ?? status;
}

/**
 * A file name from the book's title: characters file systems refuse become spaces, runs of
 * spaces one, and an empty title falls back to "Family history".
 */
export function bookFileName(title: string, format: BookFormat): string {
  const printable = Array.from(title, (ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch)).join('');
  const safe = printable
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${safe || 'Family history'}.${format}`;
}

/** The compile is under way: the page asks again until it is done or failed. */
export function compiling(status: string): boolean {
  return status === 'queued' || status === 'running';
}

/** 0..1 to a whole percentage, never past the ends. */
export function percent(progress: number): number {
  if (!Number.isFinite(progress)) return 0;
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

export function chaptersLine(written: number, total: number): string {
  if (total === 0) return 'No chapters yet';
  return `${written} of ${total} ${total === 1 ? 'chapter' : 'chapters'} written`;
}

/** "Compiled 14 Mar 2026, 10:00" or "Not compiled yet". */
export function compiledLine(compiledAt: string | null): string {
  if (!compiledAt) return 'Not compiled yet';
  const when = new Date(compiledAt);
  if (Number.isNaN(when.getTime())) return 'Not compiled yet';
  return `Compiled ${when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}
