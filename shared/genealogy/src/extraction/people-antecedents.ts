import { MARRIED_BEFORE } from './people-cues';
import type { Mention } from './people-types';

/* Whom a phrase points back to: the person named again before a marriage verb, the couple a "their" means. */

/**
 * The person a clause names again just before a marriage verb ("John Henry Whitfield married "),
 * or -1. A mention holds a name's first place only, so a later sentence about the same person
 * shows up as text, not as a mention; the name must end right before the verb, in the same line.
 */
export function namedAgainBefore(ms: readonly Mention[], i: number, before: string): number {
  const clause = before
    .replace(MARRIED_BEFORE, '')
    .trimEnd()
    .split(/[\n.;:]/)
    .at(-1)!
    .trim()
    .toLowerCase();
  if (!clause) return -1;
  return ms.findIndex((x, j) => j !== i && x.name.length > 3 && clause === x.name.toLowerCase());
}

export const FEMALE_KIN = new Set(['daughter', 'wife', 'mother']);

/** The couple named last before mention `i` as "Mr. and Mrs. John Smith" (or "M. et Mme"): whose "their" is. */
export function coupleBefore(text: string, ms: readonly Mention[], i: number): number | undefined {
  for (let j = i - 1; j >= 0; j--) {
    if (
      /\b(?:Mr\.?\s*(?:and|&)\s*Mrs|M\.?\s*et\s*Mme|Herr\s+und\s+Frau)\.?\s*$/u.test(
        text.slice(Math.max(0, ms[j]!.start - 20), ms[j]!.start),
      )
    )
      return j;
  }
  return undefined;
}
