/**
 * Markdown marks removed from a message excerpt, so search results read as text (issue 13):
 * headings, emphasis, code marks, links (their text kept), quotes, bullets and table rules.
 * Works on fragments too (a preview may start mid-line) and keeps the headline's match
 * sentinels (control characters) untouched.
 */
export function stripMarkdown(text: string): string {
  return (
    text
      .replace(/```[^\n]*/g, ' ')
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      // A link cut by an excerpt's edge (issue 30, point 3): its text kept, its address dropped.
      .replace(/^([^[\]\n]*)\]\([^)\s]*\)/, '$1')
      .replace(/!?\[([^\]\n]*)\]\([^)\s]*$/, '$1')
      .replace(/!?\[([^\]\n]*)$/, '$1')
      // Table separator rows (|---|:---:|) and horizontal rules.
      .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, ' ')
      .replace(/^[ \t]*(\*[ \t]*){3,}$/gm, ' ')
      // Table cells: outer pipes dropped, inner ones become a separator.
      .replace(/^[ \t]*\|/gm, '')
      .replace(/\|[ \t]*$/gm, '')
      .replace(/[ \t]*\|[ \t]*/g, ' · ')
      .replace(/(^|\s)#{1,6}(?=\s)/g, '$1')
      .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
      .replace(/^[ \t]*[-*+][ \t]+/gm, '')
      .replace(/\*\*|__|~~|`/g, '')
      .replace(/(^|[\s(])[*_](?=\S)/g, '$1')
      .replace(/(\S)[*_](?=[\s.,;:!?)]|$)/g, '$1')
  );
}

/**
 * Postgres (ARE) pattern of a whole Markdown link, the one stripMarkdown reduces to its text: the
 * search removes links this way before ts_headline picks fragments, so a fragment never starts or
 * ends inside a citation's address ("view=…&q=Thomas%20Whitfield))", issue 30, point 3).
 * Replacement: '\1'.
 */
export const MARKDOWN_LINK_PG_PATTERN = String.raw`!?\[([^]\n]*)\]\([^)\n]*\)`;
