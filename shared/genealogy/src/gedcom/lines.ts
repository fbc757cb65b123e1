import type { GedcomVersion } from './model';

/*
 * GEDCOM's line grammar: `level [@xref@] TAG [payload]`, a multi-line payload continued with CONT
 * and, in 5.5.1 only, a long one split with CONC (5.5.1 lines stay under 255 characters; GEDCOM 7
 * has no limit and no CONC). "@" is doubled in payloads so that no text reads as a pointer.
 */

export interface GedcomNode {
  tag: string;
  xref?: string;
  /** Text, escaped and split when written. */
  value?: string | null;
  /** A pointer to a record ("@I1@"), written as it is. */
  pointer?: string;
  children?: GedcomNode[];
}

/** Payload characters per physical 5.5.1 line: with "n CONC " in front a line stays well under 255 (even counted in UTF-8 bytes for most scripts). */
const CHUNK_5 = 120;

/** Control characters other than the line breaks, which no GEDCOM text may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function cleanText(text: string): string {
  // Trailing spaces do not survive readers that trim lines.
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t]+$/gm, '')
    .trim();
}

export function serialize(records: GedcomNode[], version: GedcomVersion): string {
  const out: string[] = [];
  const write = (node: GedcomNode, level: number) => {
    const head = `${level}${node.xref ? ` ${node.xref}` : ''} ${node.tag}`;
    if (node.pointer) out.push(`${head} ${node.pointer}`);
    else if (node.value != null && node.value !== '') writeText(out, head, level, cleanText(node.value), version);
    else out.push(head);
    for (const child of node.children ?? []) write(child, level + 1);
  };
  for (const r of records) write(r, 0);
  // GEDCOM 7 files are UTF-8 whatever they say; the byte order mark lets readers that guess (Gramps) know it.
  return `${version === '7.0' ? '\uFEFF' : ''}${out.join('\n')}\n`;
}

function escapeAt(line: string, version: GedcomVersion): string {
  return version === '5.5.1' ? line.replace(/@/g, '@@') : line.replace(/^@/, '@@');
}

function writeText(out: string[], head: string, level: number, text: string, version: GedcomVersion) {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const prefix = i === 0 ? head : `${level + 1} CONT`;
    if (version === '7.0') {
      out.push(line ? `${prefix} ${escapeAt(line, version)}` : prefix);
      return;
    }
    const chunks = splitForConc(line);
    chunks.forEach((chunk, j) => {
      const p = j === 0 ? prefix : `${level + 1} CONC`;
      out.push(chunk ? `${p} ${escapeAt(chunk, version)}` : p);
    });
  });
}

/**
 * A long 5.5.1 line in CONC pieces, by code point (never halving a character), each piece ending
 * and the next starting on a non-space: readers that trim lines would otherwise lose the spaces.
 */
export function splitForConc(line: string, size = CHUNK_5): string[] {
  const chars = Array.from(line);
  if (chars.length <= size) return [line];
  const pieces: string[] = [];
  let start = 0;
  while (chars.length - start > size) {
    let end = start + size;
    while (end > start + 1 && (chars[end - 1] === ' ' || chars[end] === ' ')) end--;
    if (end === start + 1) end = start + size; // a run of spaces: nothing better to do
    pieces.push(chars.slice(start, end).join(''));
    start = end;
  }
  pieces.push(chars.slice(start).join(''));
  return pieces;
}
