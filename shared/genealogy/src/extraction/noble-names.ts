import { TITLES } from './given-names';
import type { TextLanguage } from './language';
import { officeBefore } from './name-shapes';

/*
 * German papers name noblemen by the particle and surname alone: "Abgg. v. Heyl", "Minister von
 * Manteuffel", "Hrn. von der Heydt". "v." is never a place's; "von" is one's too ("von Berlin"), so
 * it counts only after a title or an office.
 */
const V_BEFORE = /(?<![\p{L}])v[ \t]?\.[ \t]*$/u;
const VON_BEFORE = /(?<![\p{L}])(von(?:[ \t]+der)?)[ \t]+$/u;
const TITLE_BEFORE_VON = new RegExp(String.raw`(?<![\p{L}])(?:${[...TITLES].join('|')})\.?[ \t]*$`, 'iu');

export function nobleParticleBefore(
  text: string,
  start: number,
  lang: TextLanguage,
): { particle: string; start: number } | undefined {
  const before = text.slice(Math.max(0, start - 30), start);
  const v = V_BEFORE.exec(before);
  if (v) return { particle: 'v.', start: start - before.length + v.index };
  const von = VON_BEFORE.exec(before);
  if (!von) return undefined;
  const at = start - before.length + von.index;
  const office = officeBefore(text, at, lang);
  // "der Kaiser von Potsdam", "König von Sachsen": after a monarch "von" names his land or where he comes from.
  if (office && /^(?:Kaiser|König|Königin)/u.test(office)) return undefined;
  const titled =
    office !== undefined ||
    TITLE_BEFORE_VON.test(text.slice(Math.max(0, at - 20), at)) ||
    listedNoble(text, at, lang, 6);
  return titled ? { particle: von[1]!.replace(/[ \t]+/g, ' '), start: at } : undefined;
}

/** "von Manteuffel, " or "von der Heydt und ": a noble name and the separator of a list, right before a "von". */
const NOBLE_LISTED_BEFORE =
  /(?<![\p{L}])(?:von(?:[ \t]+der)?|v[ \t]?\.)[ \t]*\r?\n?[ \t]*\S+[ \t]*(?:,|\bund|\bu\.)[ \t]*\r?\n?[ \t]*$/u;

/**
 * "Graf von Brandenburg, von Ladenberg, von Manteuffel": the signatures of a ministry, a list of noblemen whose first
 * has his title; each "von" after it in the list is a noble's too (up to `depth` names back).
 */
function listedNoble(text: string, at: number, lang: TextLanguage, depth: number): boolean {
  if (depth === 0) return false;
  const before = text.slice(Math.max(0, at - 50), at);
  const m = NOBLE_LISTED_BEFORE.exec(before);
  if (!m) return false;
  const prev = at - before.length + m.index;
  if (/^v[ \t]?\./u.test(m[0]) || officeBefore(text, prev, lang) !== undefined) return true;
  return TITLE_BEFORE_VON.test(text.slice(Math.max(0, prev - 20), prev)) || listedNoble(text, prev, lang, depth - 1);
}
