import { marked, type Token, type Tokens } from 'marked';

/**
 * Plain text of Gene's Markdown, for the TXT export: headings, paragraphs and list items on
 * their own lines (bullets and numbers kept), emphasis and link syntax dropped (a link's text
 * kept), and tables as aligned rows, each column padded to its widest cell (issue 30, point 4:
 * a table came out one cell per line). Works from marked's tokens, so it needs no DOM.
 */
export function markdownToText(markdown: string): string {
  const tokens = marked.lexer(markdown, { gfm: true });
  return blocks(tokens)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Block tokens, a blank line between them. */
function blocks(tokens: Token[]): string {
  return tokens
    .map(block)
    .filter((text) => text !== '')
    .join('\n\n');
}

function block(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
      return '';
    case 'heading':
    case 'paragraph':
      return inline((token as Tokens.Heading | Tokens.Paragraph).tokens);
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens) : decodeEntities(t.text);
    }
    case 'code':
      return (token as Tokens.Code).text;
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens);
    case 'list':
      return list(token as Tokens.List);
    case 'table':
      return table(token as Tokens.Table);
    case 'html':
      return decodeEntities(stripTags((token as Tokens.HTML).text)).trim();
    default: {
      const t = token as Tokens.Generic;
      if (Array.isArray(t.tokens)) return inline(t.tokens);
      return typeof t.text === 'string' ? decodeEntities(t.text) : '';
    }
  }
}

/** "- item" or "3. item", an item's further lines indented under its text. */
function list(token: Tokens.List): string {
  const first = typeof token.start === 'number' ? token.start : 1;
  return token.items
    .map((item, i) => {
      const marker = token.ordered ? `${first + i}. ` : '- ';
      const body = item.tokens
        .map(block)
        .filter((text) => text !== '')
        .join(item.loose ? '\n\n' : '\n');
      const task = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
      const indent = ' '.repeat(marker.length);
      return (
        marker +
        task +
        body
          .split('\n')
          .map((line, n) => (n === 0 || line === '' ? line : indent + line))
          .join('\n')
      );
    })
    .join(token.loose ? '\n\n' : '\n');
}

/** The header row, a rule of dashes under each column, then the rows, each cell padded to its column's width. */
function table(token: Tokens.Table): string {
  const cell = (c: Tokens.TableCell) => inline(c.tokens).replace(/\s+/g, ' ').trim();
  const rows = [token.header.map(cell), ...token.rows.map((row) => row.map(cell))];
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(1, ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]) =>
    widths
      .map((w, c) => pad(cells[c] ?? '', w, token.align[c] ?? null))
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Characters as a monospaced reader counts them (code points, so "é" and "ł" are one). */
function width(text: string): number {
  return [...text].length;
}

function pad(text: string, w: number, align: 'left' | 'center' | 'right' | null): string {
  const room = w - width(text);
  if (align === 'right') return ' '.repeat(room) + text;
  if (align === 'center') {
    const left = Math.floor(room / 2);
    return ' '.repeat(left) + text + ' '.repeat(room - left);
  }
  return text + ' '.repeat(room);
}

function inline(tokens: Token[] | undefined): string {
  return (tokens ?? []).map(inlineText).join('');
}

function inlineText(token: Token): string {
  switch (token.type) {
    case 'br':
      return '\n';
    case 'html': {
      const html = (token as Tokens.Tag).text;
      return /^<br\s*\/?>$/i.test(html) ? '\n' : stripTags(html);
    }
    case 'image':
      return decodeEntities((token as Tokens.Image).text);
    case 'codespan':
    case 'escape':
      return (token as Tokens.Codespan | Tokens.Escape).text;
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens) : decodeEntities(t.text);
    }
    default: {
      const t = token as Tokens.Generic;
      if (Array.isArray(t.tokens)) return inline(t.tokens);
      return typeof t.text === 'string' ? decodeEntities(t.text) : '';
    }
  }
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The character references an answer may hold ("&amp;", "&#39;", "&#x2014;") as their characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
