import type { BookPart } from './book-assemble';
import { blocksToText, notesCited, textToBlocks } from './book-text';
import { applyMarks, type BookMark, marksOf } from './book-marks';
import type { Block, Endnote } from './manuscript';
import type { RegisterText } from './register-narrative';

export type ChapterSource = 'register' | 'model' | 'author';
export type ChapterStatus = 'empty' | 'writing' | 'written' | 'edited' | 'failed';

/** A chapter as stored. */
export interface StoredChapter {
  n: number;
  title: string;
  label: string | null;
  status: ChapterStatus;
  source: ChapterSource | null;
  text: string | null;
  notes: Endnote[];
  /** A register chapter's names and places, kept for the author's edit of it. */
  marks: BookMark[];
}

export interface ChapterPlan {
  /** The chapters of the manuscript, in order. */
  parts: (BookPart & { n: number; title: string; label?: string })[];
  /** The chapter rows the compile (re)writes: the register's chapters, and the rows it empties. */
  writes: StoredChapter[];
}

/** A chapter whose text the compile keeps: the model's or the author's. */
export const keepsText = (c: Pick<StoredChapter, 'source' | 'text'>) =>
  Boolean(c.text?.trim()) && (c.source === 'model' || c.source === 'author');

/**
 * Which text each chapter of the book takes (decision 0233). Chapter n keeps the model's or the
 * author's text when it has one; otherwise it takes the register's n-th chapter, under the
 * outline's title when the outline names it (the register's title otherwise). Register chapters
 * past the outline's end become chapters of their own, so a book without an outline gets one per
 * chapter the register writes. A row with no text and no register chapter stays out of the book.
 */
export function planChapters(rows: StoredChapter[], register: RegisterText): ChapterPlan {
  const byN = new Map(rows.map((r) => [r.n, r]));
  const count = Math.max(rows.length ? Math.max(...rows.map((r) => r.n)) : 0, register.chapters.length);
  const parts: ChapterPlan['parts'] = [];
  const writes: StoredChapter[] = [];
  for (let n = 1; n <= count; n++) {
    const row = byN.get(n);
    const reg = register.chapters[n - 1];
    if (row && keepsText(row)) {
      // An edit of a register chapter keeps its index marks, and the photos and chart the
      // register places in that chapter now (they have no text form).
      const edited = applyMarks(textToBlocks(row.text!), row.marks);
      const pictures = row.source === 'author' && row.marks.length && reg ? reg.blocks.filter(isPicture) : [];
      parts.push({
        n,
        title: row.title,
        ...(row.label ? { label: row.label } : {}),
        space: `chapter-${n}-${row.source}`,
        blocks: [...edited, ...pictures],
        notes: row.notes,
      });
      continue;
    }
    if (reg) {
      const title = row?.title ?? reg.title;
      const label = reg.label ?? null;
      parts.push({
        n,
        title,
        ...(label ? { label } : {}),
        space: 'register',
        blocks: reg.blocks,
        notes: register.notes,
      });
      const cited = new Set(notesCited(reg.blocks));
      writes.push({
        n,
        title,
        label,
        status: 'written',
        source: 'register',
        text: blocksToText(reg.blocks),
        notes: register.notes.filter((note) => cited.has(note.n)),
        marks: marksOf(reg.blocks),
      });
      continue;
    }
    // The register wrote this chapter before but has nothing for it now (the library changed).
    if (row?.source === 'register')
      writes.push({ ...row, status: 'empty', source: null, text: null, notes: [], marks: [] });
  }
  return { parts, writes };
}

const isPicture = (b: Block) => b.kind === 'photo' || b.kind === 'chart';
