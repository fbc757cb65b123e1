/**
 * The title a "Write the book" reply offers first: the first item of the list under its "Title
 * options" heading, without its emphasis or quotation marks. Null when the reply has none (a
 * model may word its plan differently); the conversation's title stands in then.
 */
export function planTitle(reply: string): string | null {
  const lines = reply.split('\n');
  const heading = lines.findIndex((l) => /^#{1,6}\s*.*title options/i.test(l.trim()));
  if (heading < 0) return null;
  for (const line of lines.slice(heading + 1)) {
    const t = line.trim();
    if (/^#{1,6}\s/.test(t)) break;
    const item = /^(?:\d+[.)]|[-*+])\s+(.+)$/.exec(t);
    if (!item?.[1]) continue;
    const title = item[1]
      // "Title — why it fits": the title is before the dash or colon that starts the explanation.
      .replace(/\s+[—–-]\s+.*$/, '')
      .replace(/[*_`]/g, '')
      .replace(/^["“”']+|["“”']+$/g, '')
      .trim();
    if (title) return title.slice(0, 200);
  }
  return null;
}
