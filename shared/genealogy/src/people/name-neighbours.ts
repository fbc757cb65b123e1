/** What the neighbourhood reads of a name: canonical given names and surname keys (names.ts). */
export interface NamedMention {
  given: readonly string[];
  surnameKeys: readonly string[];
}

/**
 * The names grouping could put with any of `seeds` (issue 35): a shared surname key and first
 * given names that agree, an initial with every name of its letter — what `givenCompatible`
 * asks of the first names. An update after one new record regroups these alone, not every
 * mention of the surname: at library scale a surname has thousands of mentions, and a John
 * Smith can only join, or leave, a group of John (or J.) Smiths.
 */
export function nameNeighbours(seeds: readonly NamedMention[]): (m: NamedMention) => boolean {
  const full = new Set<string>();
  const letters = new Set<string>();
  const initials = new Set<string>();
  for (const s of seeds) {
    const first = s.given[0];
    if (!first) continue;
    for (const k of s.surnameKeys) {
      letters.add(`${k}|${first[0]}`);
      if (first.length > 1) full.add(`${k}|${first}`);
      else initials.add(`${k}|${first}`);
    }
  }
  return (m) => {
    const first = m.given[0];
    if (!first) return false;
    return m.surnameKeys.some((k) =>
      first.length === 1 ? letters.has(`${k}|${first}`) : full.has(`${k}|${first}`) || initials.has(`${k}|${first[0]}`),
    );
  };
}
