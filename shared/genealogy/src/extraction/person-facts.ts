import type { DocumentType } from '@gnology/contracts';
import { extractDates } from './dates';
import { languageOf } from './language';
import { censusAfter } from './people-cues';
import type { Edge, Mention } from './people-types';

/*
 * Who an event belongs to (issue 28): "Father, Thomas Whitfield, passed away on the 3rd of this
 * month …, aged 71 years" is Thomas's death and Thomas's age, not the letter writer's. A fact goes
 * to a person only when the sentence ties it to them: the person the event verb is said of (the
 * name before it, past an apposition, or the child a "son of A and B" phrase is about), the age
 * right after a name or in the clause of that person's death with nobody else named between, the
 * cells of a census row. Anything less certain is left out: a missing fact is forgivable, a fact
 * given to the wrong person is not.
 */

export interface PersonFacts {
  age?: number;
  born?: string;
  baptized?: string;
  died?: string;
  /** The sentence says this person died (with or without a date). */
  dead?: boolean;
}

type Kind = 'born' | 'baptized' | 'died';

const EVENT =
  /(?<![\p{L}-])(?:(?:was|were)\s+)?(born|baptized|baptised|christened|died|passed\s+away|departed\s+this\s+life|deceased(?=\s+(?:at|in|on|ye|the\s+\d|\d)))(?![\p{L}-])/giu;
/** What may stand between a name and the verb said of it: a residence ("of Leeds"), an apposition, "who", "was". */
const SUBJECT_GAP =
  /^(?:\s+(?:his|her)\s+(?:wife|husband))?(?:,?\s+of\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)?(?:\s*,[^;:()]{0,80}?,)?\s*(?:,\s*)?(?:who\s+)?(?:(?:has|had|was|is)\s+)?$/iu;
const CHAIN_GAP = /^[\s,]*(?:and\s+)?(?:(?:who\s+)?(?:was|were)\s+)?$/iu;
const AGE =
  /\b(?:aged?|at\s+the\s+age\s+of)\s+(\d{1,3})(?!\s*(?:months?|mos?\.?|weeks?|wks?\.?|days?|hours?)\b)(?![\d/])/iu;
const AGE_AFTER_NAME =
  /^,(?:\s*\p{Ll}[^,.;\n]{0,30},)?\s*aged?\s+(\d{1,3})(?!\s*(?:months?|mos?\.?|weeks?|wks?\.?|days?|hours?)\b)(?![\d/])/iu;
const THIS_MONTH =
  /^\s*(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th|d)?\s+(?:(?:day\s+)?of\s+)?(this\s+month|the\s+present\s+month|inst\.?|instant|ult\.?|ultimo|last\s+month)(?![\p{L}])/iu;

/** Abbreviations ("Co.", "N.C.", "Mr.") hidden so that only a real full stop ends a sentence (same length). */
const plain = (s: string) => s.replace(/(?<![\p{L}])\p{L}{1,3}\./gu, (w) => 'x'.repeat(w.length));

export function factsOf(
  text: string,
  ms: Mention[],
  edges: Edge[],
  documentType: DocumentType | undefined,
): Map<number, PersonFacts> {
  const facts = new Map<number, PersonFacts>();
  const put = (i: number, f: PersonFacts) => {
    const cur = facts.get(i) ?? {};
    for (const [k, v] of Object.entries(f) as [keyof PersonFacts, never][]) if (cur[k] === undefined) cur[k] = v;
    facts.set(i, cur);
  };
  const flat = plain(text);
  const sentenceStart = (at: number) => {
    const before = flat.slice(0, at);
    const m = /[\s\S]*(?:[.;!?](?=\s+[\p{Lu}\d"“])|\n\s*\n)/u.exec(before);
    return m ? m[0].length : 0;
  };
  const sentenceEnd = (at: number) => {
    const m = /[.;!?](?=\s|$)|\n\s*\n/u.exec(flat.slice(at));
    return m ? at + m.index : text.length;
  };
  const dateline = datelineOf(text);

  let last: { subject: number; end: number } | undefined;
  EVENT.lastIndex = 0;
  for (let e = EVENT.exec(text); e; e = EVENT.exec(text)) {
    const verb = e[1]!.toLowerCase();
    const kind: Kind = verb === 'born' ? 'born' : /^bapti|^christ/.test(verb) ? 'baptized' : 'died';
    const start = sentenceStart(e.index);
    const chained =
      last && last.end <= e.index && CHAIN_GAP.test(text.slice(last.end, e.index)) ? last.subject : undefined;
    const subject = chained ?? subjectOf(text, ms, edges, e.index, start);
    const end = Math.min(sentenceEnd(e.index + e[0].length), nextEvent(text, e.index + e[0].length));
    const clause = text.slice(e.index + e[0].length, end);
    const date = dateIn(clause, dateline);
    last = subject === undefined ? undefined : { subject, end: e.index + e[0].length + (date?.end ?? 0) };
    if (subject === undefined) continue;
    // "born to John and Mary": another person named between the verb and the date makes the date unsure only after them.
    if (date && !ms.some((m) => m.start > e!.index && m.start < e!.index + e![0].length + date.at))
      put(subject, { [kind]: date.value });
    if (kind === 'died') {
      put(subject, { dead: true });
      const age = AGE.exec(text.slice(e.index, sentenceEnd(e.index + e[0].length)));
      const ageAt = age ? e.index + age.index : -1;
      if (age && Number(age[1]) <= 120 && !ms.some((m) => m.start > e!.index && m.start < ageAt))
        put(subject, { age: Number(age[1]) });
    }
  }
  for (let i = 0; i < ms.length; i++) {
    // "Mary, wife of John Smith, aged 40": the age may be Mary's as well as John's.
    if (edges.some((e) => e.person === i && e.via === 'of')) continue;
    const a = AGE_AFTER_NAME.exec(text.slice(ms[i]!.end, ms[i]!.end + 60));
    if (a && Number(a[1]) <= 120) put(i, { age: Number(a[1]) });
  }
  if (documentType === 'census') censusRows(text, ms, put);
  return facts;
}

/** The person an event verb at `at` is said of, in the sentence starting at `start`. */
function subjectOf(text: string, ms: Mention[], edges: Edge[], at: number, start: number): number | undefined {
  let j = -1;
  for (let k = 0; k < ms.length; k++) if (ms[k]!.end <= at && ms[k]!.start >= start) j = k;
  if (j < 0) return undefined;
  const verbStart = at;
  if (!SUBJECT_GAP.test(text.slice(ms[j]!.end, verbStart))) return undefined;
  // "Thomas Barnes Whitfield, son of John Henry Whitfield and Sarah Elizabeth his wife, born …": the
  // parents named in an "of" phrase are about the child, who is the one born; "Mary, wife of John Smith, died": Mary.
  for (let step = 0; step < 3; step++) {
    const e = edges.find((x) => x.person === j && x.via === 'of');
    if (!e) break;
    if (e.anchor < 0 || e.anchor >= j || ms[e.anchor]!.start < start) return undefined;
    j = e.anchor;
  }
  return j;
}

function nextEvent(text: string, from: number): number {
  const re = new RegExp(EVENT.source, 'iu');
  const m = re.exec(text.slice(from));
  return m ? from + m.index : text.length;
}

/** The date a clause starts with (within its first words): exact dates only, a relative day read against the dateline. */
function dateIn(clause: string, dateline: string | undefined): { value: string; at: number; end: number } | undefined {
  const rel = THIS_MONTH.exec(clause);
  if (rel) {
    if (!dateline || !/^\d{4}-\d{2}-\d{2}$/.test(dateline)) return undefined;
    const day = Number(rel[1]);
    let [y, mo] = dateline.split('-').map(Number) as [number, number];
    if (/^(?:ult|last)/i.test(rel[2]!)) {
      mo -= 1;
      if (mo === 0) [y, mo] = [y - 1, 12];
    } else if (day > Number(dateline.slice(8))) return undefined;
    if (day < 1 || day > 31) return undefined;
    return {
      value: `${y}-${String(mo).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      at: rel.index,
      end: rel[0].length,
    };
  }
  const head = clause.slice(0, 70);
  const found = extractDates(head).find((d) => d.qualifier === 'exact' && !d.normalized.includes('/'));
  if (!found) return undefined;
  const at = head.indexOf(found.original);
  if (at < 0 || at > 45) return undefined;
  return { value: found.normalized, at, end: at + found.original.length };
}

/** A letter's or diary entry's dateline: a full date in its first two lines ("Raleigh, N.C., 20th March 1902"). */
function datelineOf(text: string): string | undefined {
  const top = text
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .slice(0, 2)
    .join('\n');
  return extractDates(top).find((d) => d.qualifier === 'exact' && /^\d{4}-\d{2}-\d{2}$/.test(d.normalized))?.normalized;
}

/**
 * A census row's cells after the name: the age is the first whole-number cell after the relation
 * column; a birth month and year cell is the person's birth when the age agrees with it and the
 * census year (an immigration or marriage year does not).
 */
function censusRows(text: string, ms: Mention[], put: (i: number, f: PersonFacts) => void): void {
  const year = Number(/\b(1[6-9]\d\d|20\d\d)\b/.exec(text.split(/\r?\n/).slice(0, 3).join(' '))?.[1] ?? NaN);
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    const rel = censusAfter(text.slice(m.end, m.end + 60), languageOf(text));
    if (!rel) continue;
    const lineEnd = text.indexOf('\n', m.end);
    const from = m.end + rel.index + rel[0].length;
    const row = text.slice(from, lineEnd < 0 ? text.length : lineEnd);
    const sep = /[|\t]/.test(row) ? /\s*[|\t]\s*/ : /\s*,\s*/;
    const cells = row.split(sep).map((c) => c.trim());
    const ageCell = cells.findIndex((c) => /^\d{1,3}$/.test(c) && Number(c) <= 115);
    if (ageCell < 0) continue;
    const age = Number(cells[ageCell]);
    const bornCell = cells.slice(0, ageCell).find((c) => /^(?:\p{L}{3,9}\.?\s+)?(1[5-9]\d\d|20\d\d)$/u.test(c));
    if (bornCell) {
      const y = Number(/\d{4}$/.exec(bornCell)![0]);
      if (Number.isNaN(year) || Math.abs(year - y - age) > 1) continue;
      const d = extractDates(bornCell).find((x) => x.qualifier === 'exact');
      put(i, { age, ...(d ? { born: d.normalized } : {}) });
    } else put(i, { age });
  }
}
