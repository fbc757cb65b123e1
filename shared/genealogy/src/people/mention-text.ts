/*
 * Where a record writes about one person: the words after their name, as a census row's cells or
 * as the rest of a sentence. What the events of a mention are read from (mention-events.ts).
 */

/** Prose with its line wraps undone: OCR and typed letters break lines inside sentences ("passed\naway"); a blank line still ends a paragraph. */
export function unwrap(text: string): string {
  return text.replace(/([^\n])[ \t]*\n[ \t]*(?=[^\n])/g, '$1 ');
}

/** A census row's cells: pipes, tabs or commas between them. */
export function cellsOf(row: string): string[] {
  return row
    .split(/\s*[|\t]\s*|,\s*/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * The rest of the census row that names this person, after the name. Rows write the surname
 * first ("Whitfield, Thomas B. | Son | …"); the reading may drop a middle initial, so a row whose
 * name adds initials counts too — and where two rows fit ("Whitfield, Thomas | Father" and
 * "Whitfield, Thomas B. | Son"), the one whose relationship cell is the person's record role wins,
 * then the one written exactly. Null when no row names them.
 */
export function censusRow(text: string, written: string, recordRole: string | null): string | null {
  const words = written.trim().split(/\s+/);
  const forms = [written.trim()];
  if (words.length > 1) forms.push(`${words[words.length - 1]}, ${words.slice(0, -1).join(' ')}`);
  const rows: { rest: string; exact: boolean; role: boolean }[] = [];
  for (const line of text.split('\n')) {
    for (const form of forms) {
      const at = line.indexOf(form);
      if (at < 0) continue;
      const after = line.slice(at + form.length);
      // The name itself or with initials added, then a cell boundary: never a longer given name.
      const m = /^((?:\s+[A-Z]\.?)*)\s*(?:[|,\t]|$)/.exec(after);
      if (!m) continue;
      const rest = after.slice(m[1]!.length);
      const role = recordRole !== null && cellsOf(rest).some((c) => c.toLowerCase() === recordRole.replace(/_/g, ' '));
      rows.push({ rest, exact: m[1] === '', role });
      break;
    }
  }
  rows.sort((a, b) => Number(b.role) - Number(a.role) || Number(b.exact) - Number(a.exact));
  return rows[0]?.rest ?? null;
}

/**
 * The words after the name where a prose record writes about that person ("…, aged 34, farmer"),
 * up to the sentence's end. Beside another's name ("son of A and B, was born …") the words speak of
 * the subject, so for a person who is not the subject they stop at the next name and at ", was".
 */
export function proseNear(prose: string, written: string, others: readonly string[]): string {
  const candidates = [written];
  const words = written.trim().split(/\s+/);
  if (words.length > 1) candidates.push(`${words[words.length - 1]}, ${words.slice(0, -1).join(' ')}`);
  for (const c of candidates) {
    const at = prose.indexOf(c);
    if (at < 0) continue;
    let near = sentenceAfter(prose, at + c.length);
    for (const other of others) {
      const cut = near.indexOf(other);
      if (cut >= 0) near = near.slice(0, cut);
    }
    if (others.length) near = near.split(/,\s*(?:was|were|is|who|married|died)\b/)[0]!;
    return near;
  }
  return '';
}

/** The rest of the sentence from `from`: up to a full stop after a lower-case word or a figure, or a line's end. */
export function sentenceAfter(prose: string, from: number): string {
  const line = prose.slice(from, from + 160).split('\n')[0]!;
  const sentence = /^(.*?[a-z0-9]\.)(\s|$)/.exec(line);
  return sentence ? sentence[1]! : line;
}

/** The clause after the name (no other names cut out) and the words just before it, for who does what in a sentence. */
export function around(prose: string, written: string): { before: string; after: string } | null {
  const at = prose.indexOf(written);
  if (at < 0) return null;
  return { before: prose.slice(Math.max(0, at - 40), at), after: sentenceAfter(prose, at + written.length) };
}
