/** The default title of a conversation started without one: "Research Session" plus date and time. */
export function defaultTitle(now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const time = now.toISOString().slice(11, 16);
  return `Research Session ${date} ${time}`;
}

/** Trims a title and folds runs of whitespace; returns null when nothing is left. */
export function cleanTitle(title: string | undefined | null): string | null {
  const t = (title ?? '').replace(/\s+/g, ' ').trim();
  return t.length ? t.slice(0, 200) : null;
}
