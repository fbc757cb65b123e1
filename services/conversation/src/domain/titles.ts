/** The default title of a conversation started without one: "Research Session" plus date and time. */
export function defaultTitle(now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const time = now.toISOString().slice(11, 16);
  return `Research Session ${date} ${time}`;
}

/**
 * Whether a title given at creation is only a placeholder: older web clients sent
 * "Research Session <local date>" themselves, and such a title should still yield to the first question.
 */
export function isPlaceholderTitle(title: string): boolean {
  return /^Research Session( |$)/.test(title);
}

/** Trims a title and folds runs of whitespace; returns null when nothing is left. */
export function cleanTitle(title: string | undefined | null): string | null {
  const t = (title ?? '').replace(/\s+/g, ' ').trim();
  return t.length ? t.slice(0, 200) : null;
}

/** The longest title made from a question, before the ellipsis. */
export const QUESTION_TITLE_MAX = 60;

/**
 * A conversation's title from its first question (issue 13): whitespace folded, at most
 * QUESTION_TITLE_MAX characters, cut on a word boundary with an ellipsis when longer.
 * Returns null for a question with no text.
 */
export function titleFromQuestion(question: string, max = QUESTION_TITLE_MAX): string | null {
  const text = cleanTitle(question.replace(/\s+/g, ' '));
  if (!text) return null;
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  // A word longer than half the title is cut where it must be rather than leaving a stub.
  const cut = space >= max / 2 ? head.slice(0, space) : text.slice(0, max);
  return `${cut.replace(/[\s,;:.!?\-–—]+$/, '')}…`;
}
