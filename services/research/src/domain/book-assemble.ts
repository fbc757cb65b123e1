import type { Block, BookTrim, Chapter, Endnote, Manuscript, Run } from './manuscript';
import type { RegisterText } from './register-narrative';

/**
 * A part of the book before its notes are numbered: blocks whose `note` numbers point into
 * `notes`. Parts of one `space` share their numbering (the register's introduction, chapters
 * and conclusion cite one list), so a source they share stays one endnote.
 */
export interface BookPart {
  space: string;
  blocks: Block[];
  notes: Endnote[];
}

export interface AssembleInput {
  title: string;
  subtitle?: string;
  author?: string;
  compiledAt: string;
  trim: BookTrim;
  introduction: BookPart;
  chapters: (BookPart & { title: string; label?: string })[];
  conclusion: BookPart;
}

/**
 * The manuscript: parts in order, endnotes renumbered 1… through the whole book in the order
 * the text first cites them (Manuscript's rule). A marker whose note is unknown (a model's or an
 * author's `[^7]` with no such note) is dropped rather than printed pointing nowhere.
 */
export function assembleManuscript(input: AssembleInput): Manuscript {
  const notes: Endnote[] = [];
  const maps = new Map<string, Map<number, number>>();
  const renumber = (part: BookPart): Block[] => {
    const map = maps.get(part.space) ?? new Map<number, number>();
    maps.set(part.space, map);
    const byN = new Map(part.notes.map((n) => [n.n, n]));
    const runs = (rs: Run[]): Run[] =>
      rs
        .map((r) => {
          if (r.note === undefined) return r;
          const { note, ...rest }: Run = r;
          const found = byN.get(note);
          if (!found) return rest as Run;
          let global = map.get(note);
          if (global === undefined) {
            global = notes.length + 1;
            map.set(note, global);
            notes.push({ ...found, n: global });
          }
          return { ...rest, note: global } as Run;
        })
        .filter((r) => r.text !== '' || r.note !== undefined);
    return part.blocks.map((b) =>
      b.kind === 'paragraph'
        ? { ...b, runs: runs(b.runs) }
        : b.kind === 'photo'
          ? { ...b, caption: runs(b.caption) }
          : b,
    );
  };
  const introduction = renumber(input.introduction);
  const chapters: Chapter[] = input.chapters.map((c) => ({
    title: c.title,
    ...(c.label ? { label: c.label } : {}),
    blocks: renumber(c),
  }));
  const conclusion = renumber(input.conclusion);
  return {
    title: input.title,
    ...(input.subtitle ? { subtitle: input.subtitle } : {}),
    ...(input.author ? { author: input.author } : {}),
    compiledAt: input.compiledAt,
    trim: input.trim,
    introduction,
    chapters,
    conclusion,
    notes,
  };
}

/** The register's own parts, all in its one note space. */
export function registerPart(register: RegisterText, blocks: Block[]): BookPart {
  return { space: 'register', blocks, notes: register.notes };
}
