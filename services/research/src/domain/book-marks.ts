import type { Block, IndexName, Run } from './manuscript';

/**
 * The names and places a register chapter marks for the indexes (decision 0233). Its text loses
 * them (Markdown-light has no such mark), so they are kept beside it and laid again on the
 * author's edited words: every occurrence of a marked name or place in the edited text feeds the
 * index again, and an edit that removes a name removes its index entry.
 */
export interface BookMark {
  text: string;
  person?: IndexName;
  place?: string;
}

/** The distinct marked stretches of a chapter's blocks (the first mark of a text wins). */
export function marksOf(blocks: Block[]): BookMark[] {
  const marks = new Map<string, BookMark>();
  const visit = (runs: Run[]) => {
    for (const r of runs) {
      const text = r.text.replace(/\s+/g, ' ').trim();
      if (!text || (!r.person && !r.place) || marks.has(text)) continue;
      marks.set(text, { text, ...(r.person ? { person: r.person } : {}), ...(r.place ? { place: r.place } : {}) });
    }
  };
  for (const b of blocks) {
    if (b.kind === 'paragraph') visit(b.runs);
    else if (b.kind === 'photo') visit(b.caption);
  }
  return [...marks.values()];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lays the marks on the paragraphs' unmarked runs, matching whole words, longest marks first. */
export function applyMarks(blocks: Block[], marks: BookMark[]): Block[] {
  if (!marks.length) return blocks;
  const sorted = [...marks].sort((a, b) => b.text.length - a.text.length);
  const byText = new Map(sorted.map((m) => [m.text, m]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${sorted.map((m) => escapeRe(m.text)).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  const split = (r: Run): Run[] => {
    if (r.person || r.place || !r.text) return [r];
    const { note, ...style } = r;
    const out: Run[] = [];
    let last = 0;
    for (const m of r.text.matchAll(pattern)) {
      if (m.index > last) out.push({ ...style, text: r.text.slice(last, m.index) });
      const mark = byText.get(m[1]!)!;
      out.push({
        ...style,
        text: m[1]!,
        ...(mark.person ? { person: mark.person } : {}),
        ...(mark.place ? { place: mark.place } : {}),
      });
      last = m.index + m[0].length;
    }
    if (!out.length) return [r];
    if (last < r.text.length) out.push({ ...style, text: r.text.slice(last) });
    if (note !== undefined) out[out.length - 1] = { ...out[out.length - 1]!, note };
    return out;
  };
  return blocks.map((b) => (b.kind === 'paragraph' ? { ...b, runs: b.runs.flatMap(split) } : b));
}
