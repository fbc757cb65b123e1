import type { Block, Run } from './manuscript';

/**
 * A chapter's text as the API shows and takes it (decision 0233): Markdown-light. Paragraphs are
 * separated by blank lines, `## ` opens a heading, `*italic*` and `**bold**` mark emphasis, `[^n]`
 * marks endnote n after the words before it, and `\*` is a literal asterisk. Photos and charts
 * have no text form: they stay in the register's chapters and are not part of an edited text.
 */

const escapeMarks = (s: string) => s.replace(/\\/g, '\\\\').replace(/\*/g, '\\*').replace(/\[\^/g, '[\\^');

/** The chapter's blocks as text (the register's chapters, shown to the author to edit). */
export function blocksToText(blocks: Block[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading') out.push(`## ${b.text.replace(/\s+/g, ' ').trim()}`);
    else if (b.kind === 'paragraph') {
      const text = runsToText(b.runs).trim();
      if (text) out.push(text);
    }
  }
  return out.join('\n\n');
}

function runsToText(runs: Run[]): string {
  return runs
    .map((r) => {
      const words = escapeMarks(r.text.replace(/\s+/g, ' '));
      // Emphasis markers hug the words: spaces stay outside them, as Markdown wants.
      const m = words.match(/^(\s*)(.*?)(\s*)$/s)!;
      let core = m[2]!;
      if (core && r.bold) core = `**${core}**`;
      if (core && r.italic) core = `*${core}*`;
      return `${m[1]}${core}${m[3]}${r.note !== undefined ? `[^${r.note}]` : ''}`;
    })
    .join('');
}

/** The endnote numbers a chapter's blocks cite, in order of first citation. */
export function notesCited(blocks: Block[]): number[] {
  const seen = new Set<number>();
  const visit = (runs: Run[]) => {
    for (const r of runs) if (r.note !== undefined) seen.add(r.note);
  };
  for (const b of blocks) {
    if (b.kind === 'paragraph') visit(b.runs);
    else if (b.kind === 'photo') visit(b.caption);
  }
  return [...seen];
}

/** The author's (or the model's) text as blocks. */
export function textToBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const para = raw.trim();
    if (!para) continue;
    const heading = para.match(/^#{1,6}\s+(.+)$/s);
    if (heading) {
      blocks.push({ kind: 'heading', text: heading[1]!.replace(/\s+/g, ' ').trim() });
      continue;
    }
    const runs = parseRuns(para.replace(/\s*\n\s*/g, ' '));
    if (runs.length) blocks.push({ kind: 'paragraph', runs });
  }
  return blocks;
}

/** Inline marks: `**bold**`, `*italic*` (or `_italic_`), `[^n]`, `\x` escapes. */
function parseRuns(s: string): Run[] {
  const runs: Run[] = [];
  let text = '';
  let italic = false;
  let bold = false;
  const flush = () => {
    if (!text) return;
    runs.push({ text, ...(italic ? { italic: true } : {}), ...(bold ? { bold: true } : {}) });
    text = '';
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      text += s[++i];
      continue;
    }
    const note = c === '[' ? s.slice(i).match(/^\[\^(\d{1,5})\]/) : null;
    if (note) {
      flush();
      const n = Number(note[1]);
      const last = runs.at(-1);
      if (last && last.note === undefined) last.note = n;
      else runs.push({ text: '', note: n });
      i += note[0].length - 1;
      continue;
    }
    if (c === '*' && s[i + 1] === '*' && (bold || s.indexOf('**', i + 2) > i + 2)) {
      flush();
      bold = !bold;
      i++;
      continue;
    }
    if ((c === '*' || c === '_') && (italic || hasCloser(s, i, c))) {
      // `_` inside a word (snake_case, a file name) is a letter, not emphasis.
      if (c === '_' && !italic && /\w/.test(s[i - 1] ?? '')) {
        text += c;
        continue;
      }
      flush();
      italic = !italic;
      continue;
    }
    text += c;
  }
  flush();
  return runs;
}

function hasCloser(s: string, i: number, c: string): boolean {
  const next = s[i + 1];
  if (!next || /\s/.test(next)) return false;
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === c && s[j + 1] !== c && !/\s/.test(s[j - 1]!)) return true;
  }
  return false;
}
