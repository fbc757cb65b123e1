import type { Block, Manuscript, Run } from '../domain/manuscript';
import { BookIndex, compiledLine, fullTitle, indexName, parts } from './sections';

/**
 * The book as Markdown: title, contents, chapters, `[^n]` footnotes and the indexes as lists
 * (each entry naming the parts where the person or place occurs, linked to their headings).
 */
export function renderMarkdown(m: Manuscript): string {
  const all = parts(m);
  const index = new BookIndex<string>();
  const out: string[] = [`# ${escapeLine(m.title)}`, ''];
  if (m.subtitle) out.push(`*${escapeLine(m.subtitle)}*`, '');
  if (m.author) out.push(escapeLine(m.author), '');
  out.push(compiledLine(m.compiledAt), '', '## Contents', '');
  for (const p of all) out.push(`- [${escapeLine(fullTitle(p))}](#${anchor(p.key)})`);
  if (m.notes.length) out.push('- [Notes](#notes)');
  out.push('- [Index of names](#index-of-names)', '- [Index of places](#index-of-places)', '');

  for (const p of all) {
    out.push(`<a id="${anchor(p.key)}"></a>`, '', `## ${escapeLine(fullTitle(p))}`, '');
    for (const b of p.blocks) out.push(...block(b, (r) => index.note(r, p.key)), '');
  }

  if (m.notes.length) {
    out.push('<a id="notes"></a>', '', '## Notes', '');
    for (const n of [...m.notes].sort((a, b) => a.n - b.n)) {
      const how = n.kind === 'how-we-know' ? '*How we know:* ' : '';
      out.push(`[^${n.n}]: ${how}${escapeInline(oneLine(n.text))}`);
    }
    out.push('');
  }

  const titleOf = new Map(all.map((p) => [p.key, p.label ?? p.title]));
  const where = (keys: string[]) => keys.map((k) => `[${escapeLine(titleOf.get(k) ?? k)}](#${anchor(k)})`).join(', ');
  out.push('<a id="index-of-names"></a>', '', '## Index of names', '');
  for (const e of index.sortedPeople()) out.push(`- ${escapeInline(indexName(e.person))} — ${where(e.at)}`);
  out.push('', '<a id="index-of-places"></a>', '', '## Index of places', '');
  for (const e of index.sortedPlaces()) out.push(`- ${escapeInline(e.place)} — ${where(e.at)}`);
  out.push('');
  return out.join('\n');
}

function block(b: Block, seen: (r: Run) => void): string[] {
  switch (b.kind) {
    case 'heading':
      return [`### ${escapeLine(b.text)}`];
    case 'paragraph':
      return [blockStart(runs(b.runs, seen))];
    case 'photo': {
      const caption = runs(b.caption, seen);
      // The bytes travel with the DOCX and EPUB; Markdown is text only, so the caption stands in.
      return [`> **Photo.** ${caption}`];
    }
    case 'chart':
      return [`> **${escapeInline(oneLine(b.title))}.** The pedigree chart is printed in the PDF and EPUB editions.`];
  }
}

function runs(rs: Run[], seen: (r: Run) => void): string {
  return rs
    .map((r) => {
      seen(r);
      let t = escapeInline(oneLine(r.text));
      // Emphasis markers must hug the words: keep the run's outer spaces outside them.
      const [, lead = '', core = '', trail = ''] = /^(\s*)(.*?)(\s*)$/s.exec(t) ?? [];
      if (core && r.bold) t = `${lead}**${core}**${trail}`;
      else if (core && r.italic) t = `${lead}*${core}*${trail}`;
      if (r.italic && r.bold && core) t = `${lead}***${core}***${trail}`;
      return r.note ? `${t}[^${r.note}]` : t;
    })
    .join('');
}

/** A paragraph opening like a list item or a quote ("1880. The census…", "- ", "+ ") is kept a paragraph. */
function blockStart(s: string): string {
  return s.replace(/^(\d{1,9})([.)])(\s)/, '$1\\$2$3').replace(/^([-+])(\s)/, '\\$1$2');
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ');
}

/** Escapes what Markdown would read as markup inside a line of text. */
function escapeInline(s: string): string {
  return s.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

function escapeLine(s: string): string {
  return escapeInline(oneLine(s).trim());
}

function anchor(key: string): string {
  return key.replace(/[^a-z0-9-]/gi, '-').toLowerCase();
}
