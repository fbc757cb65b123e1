/*
 * GEDCOM's line grammar read back (issue 32, decision 0222): `level [@xref@] TAG [payload]`,
 * lines nested by level into records, CONT (a new line) and CONC (5.x: the same line, split)
 * joined into their parent's payload, "@@" read as "@". A payload that is exactly `@X1@` is a
 * pointer. Damaged lines are skipped and counted, never fatal: one bad line in a tree of thousands
 * should not lose the rest.
 */

export interface ParsedNode {
  tag: string;
  xref?: string;
  /** Text, CONT/CONC joined; undefined when the line has none. */
  value?: string;
  /** "@I1@" for a pointer payload. */
  pointer?: string;
  children: ParsedNode[];
  /** 1-based line number of the node's first line. */
  line: number;
}

export interface ParsedGedcom {
  records: ParsedNode[];
  /** HEAD.GEDC.VERS, e.g. "5.5.1" or "7.0". */
  version: string | null;
  warnings: string[];
}

const LINE = /^\s*(\d{1,2})[ \t]+(?:(@[^@\s]+@)[ \t]+)?([A-Za-z0-9_]+)(?:[ \t](.*))?$/;
const POINTER = /^@[^@#\s][^@]*@$/;
const MAX_LISTED = 20;

export function parseGedcomLines(text: string): ParsedGedcom {
  const records: ParsedNode[] = [];
  const stack: ParsedNode[] = [];
  const damaged: number[] = [];
  let jumps = 0;
  let seven = false;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const m = LINE.exec(raw);
    if (!m) {
      damaged.push(i + 1);
      continue;
    }
    let level = Number(m[1]);
    const tag = m[3]!.toUpperCase();
    const payload = m[4];
    if (level > stack.length) {
      // A level that skips one: attach it to the deepest open node rather than lose it.
      jumps++;
      level = stack.length;
    }
    stack.length = level;
    const parent = stack[level - 1];
    if ((tag === 'CONT' || tag === 'CONC') && parent) {
      const piece = unescapeAt(payload ?? '', seven);
      parent.value = tag === 'CONT' ? `${parent.value ?? ''}\n${piece}` : `${parent.value ?? ''}${piece}`;
      // CONT/CONC lines have no children of their own; keep the parent open for the next one.
      continue;
    }
    const node: ParsedNode = { tag, children: [], line: i + 1 };
    if (m[2]) node.xref = m[2];
    if (payload !== undefined && payload !== '') {
      if (POINTER.test(payload.trim())) node.pointer = payload.trim();
      else node.value = unescapeAt(payload, seven);
    }
    if (level === 0) records.push(node);
    else parent!.children.push(node);
    stack.push(node);
    if (level === 2 && tag === 'VERS' && stack[0]?.tag === 'HEAD' && stack[1]?.tag === 'GEDC')
      seven = (node.value ?? '').trim().startsWith('7');
  }
  const warnings: string[] = [];
  if (damaged.length)
    warnings.push(
      `${damaged.length} ${damaged.length === 1 ? 'line is' : 'lines are'} not GEDCOM and ${damaged.length === 1 ? 'was' : 'were'} skipped (line ${damaged.slice(0, MAX_LISTED).join(', ')}${damaged.length > MAX_LISTED ? ', …' : ''}).`,
    );
  if (jumps)
    warnings.push(`${jumps} ${jumps === 1 ? 'line skips' : 'lines skip'} a level; attached to the line above.`);
  return { records, version: versionOf(records), warnings };
}

/** "@@" stands for "@": everywhere in 5.x, only at the start of a payload in GEDCOM 7. */
function unescapeAt(payload: string, seven: boolean): string {
  return seven ? payload.replace(/^@@/, '@') : payload.replace(/@@/g, '@');
}

function versionOf(records: ParsedNode[]): string | null {
  const head = records.find((r) => r.tag === 'HEAD');
  const gedc = head?.children.find((c) => c.tag === 'GEDC');
  return gedc?.children.find((c) => c.tag === 'VERS')?.value?.trim() ?? null;
}
