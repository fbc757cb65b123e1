import { type Conflict, datePhrase } from '@gnology/contracts';
import type { SourcedEvent } from './timeline';

/*
 * The conflicts of one event dated twice (issue 28): a wedding in "June 1886" in a letter against
 * "14 June 1887" on the certificate, and an age that cannot fit the stated birth. Dates are
 * compared at the precision both give, so "1887" never disagrees with "1887-06-14": only what
 * both records actually say can contradict.
 */

/** Events a person has once; a second date for one of them is a disagreement between records. */
const ONCE = ['birth', 'baptism', 'death', 'burial', 'marriage'] as const;

interface Parts {
  year: number;
  month: number | null;
  day: number | null;
}

function partsOf(e: SourcedEvent): Parts | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(e.date ?? '');
  if (m) return { year: Number(m[1]), month: m[2] ? Number(m[2]) : null, day: m[3] ? Number(m[3]) : null };
  return e.year === null ? null : { year: e.year, month: null, day: null };
}

/** Two dates disagree where both are precise: the year, then the month if both give one, then the day. */
export function datesDisagree(a: SourcedEvent, b: SourcedEvent): boolean {
  const x = partsOf(a);
  const y = partsOf(b);
  if (!x || !y) return false;
  if (x.year !== y.year) return true;
  if (x.month === null || y.month === null) return false;
  if (x.month !== y.month) return true;
  return x.day !== null && y.day !== null && x.day !== y.day;
}

/**
 * One conflict per once-only event the records date differently, naming every document in the
 * disagreement (a register first). A birth whose years differ is birth_years' (conflicts.ts), so
 * births here are those of one year and different months or days. A marriage is compared only
 * when the records name at most one spouse: two weddings of a widower are two events.
 */
export function eventDateConflicts(name: string, timeline: readonly SourcedEvent[], spouses: number): Conflict[] {
  const out: Conflict[] = [];
  for (const kind of ONCE) {
    if (kind === 'marriage' && spouses > 1) continue;
    const dated = timeline.filter((e) => e.kind === kind && !e.estimated && e.year !== null);
    if (dated.length < 2) continue;
    const sameYear = kind === 'birth';
    const against = new Set<SourcedEvent>();
    for (const a of dated)
      for (const b of dated) {
        if (a.documentId >= b.documentId || !datesDisagree(a, b)) continue;
        if (sameYear && a.year !== b.year) continue;
        against.add(a);
        against.add(b);
      }
    if (against.size === 0) continue;
    const listed = [...against].sort(
      (a, b) => (b.registered ? 1 : 0) - (a.registered ? 1 : 0) || a.fileName.localeCompare(b.fileName),
    );
    out.push({
      kind: 'event_dates',
      message: `${name}'s ${kind} is dated differently: ${listed.map((e) => `${e.date ? datePhrase(e.date) : e.year} in ${e.fileName}`).join(', ')}.`,
      documentIds: [...new Set(listed.map((e) => e.documentId))],
    });
  }
  return out;
}

/** Estimated birth years (from ages) may drift this much before two birth years disagree. */
export const ESTIMATE_TOLERANCE = 2;

/**
 * The birth years an age allows: someone "aged 71" on 3 March 1902 was born in 1830 or 1831 (1831
 * only if the birthday had passed). Events estimated before ages were kept give their year only.
 */
export function yearsOfAge(e: SourcedEvent): [number, number] {
  return e.age !== undefined ? [e.year! - 1, e.year!] : [e.year!, e.year!];
}

/**
 * The ages that disagree with the stated birth (the register's first, as bestBirth ranks it) by
 * more than ESTIMATE_TOLERANCE beyond the years the age allows; the worst one, naming both records.
 * Null when none disagrees or nothing states the birth.
 */
export function ageConflict(
  name: string,
  stated: SourcedEvent | null,
  births: readonly SourcedEvent[],
): Conflict | null {
  if (!stated || stated.year === null) return null;
  let worst: { e: SourcedEvent; off: number } | null = null;
  for (const e of births) {
    if (!e.estimated || e.year === null || e.documentId === stated.documentId) continue;
    const [lo, hi] = yearsOfAge(e);
    const off = stated.year < lo ? lo - stated.year : stated.year > hi ? stated.year - hi : 0;
    if (off > ESTIMATE_TOLERANCE && (!worst || off > worst.off)) worst = { e, off };
  }
  if (!worst) return null;
  const [lo, hi] = yearsOfAge(worst.e);
  const born = lo === hi ? `${lo}` : `${lo} or ${hi}`;
  return {
    kind: 'birth_years',
    message: `${name}'s birth year differs: ${stated.date ? datePhrase(stated.date) : stated.year} in ${stated.fileName}, ${born} (${worst.e.detail ?? 'estimated'}) in ${worst.e.fileName}.`,
    // As birth_years has always named them: a register first, else by document id.
    documentIds:
      stated.registered || stated.documentId < worst.e.documentId
        ? [stated.documentId, worst.e.documentId]
        : [worst.e.documentId, stated.documentId],
  };
}
