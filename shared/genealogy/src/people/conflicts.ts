import { type Conflict, datePhrase, type PersonSex, type Relation } from '@gnology/contracts';
import { ageConflict, ESTIMATE_TOLERANCE, eventDateConflicts } from './conflicts-dates';
import { bestBirth, birthYearOf, type SourcedEvent } from './timeline';

export { ESTIMATE_TOLERANCE };

/** A relative's events, for the checks that span two people (a mother's age, a child after a death). */
export interface RelativeFacts {
  relation: Relation;
  name: string;
  sex: PersonSex;
  timeline: readonly SourcedEvent[];
}

export const MOTHER_MIN_AGE = 12;
export const MOTHER_MAX_AGE = 55;
export const MARRIAGE_MIN_AGE = 14;
/** A child may be born this long after its father's death. */
const FATHER_MONTHS = 10;

const LIVING = new Set(['birth', 'baptism', 'marriage', 'residence', 'occupation']);

/**
 * The conflicts of one individual's evidence, in the Genealogical Proof Standard's spirit
 * (decision 0185): each names the documents that disagree, for the researcher to resolve.
 */
export function conflictsOf(
  name: string,
  sex: PersonSex,
  timeline: readonly SourcedEvent[],
  relatives: readonly RelativeFacts[],
): Conflict[] {
  const out: Conflict[] = [];
  // Two different birth years: among stated births first (a baptism may come years after the birth,
  // so it is not compared), then an age against the stated birth (conflicts-dates.ts), and with no
  // stated birth the estimates from ages against each other; the pair furthest apart beyond the tolerance.
  const births = timeline.filter((e) => e.kind === 'birth' && e.year !== null);
  const stated = births.filter((e) => !e.estimated);
  const worst = widestPair(stated, 0);
  if (worst) {
    const [a, b] = worst;
    out.push({
      kind: 'birth_years',
      message: `${name}'s birth year differs: ${describeBirth(a)} in ${a.fileName}, ${describeBirth(b)} in ${b.fileName}.`,
      documentIds: ids(a, b),
    });
  }
  const statedBirth = bestBirth(timeline.filter((e) => e.kind === 'birth'));
  const age = ageConflict(name, statedBirth, births);
  if (age && !out.some((c) => sameDocuments(c.documentIds, age.documentIds))) out.push(age);
  if (!statedBirth) {
    const estimates = widestPair(births, ESTIMATE_TOLERANCE);
    if (estimates) {
      const [a, b] = estimates;
      out.push({
        kind: 'birth_years',
        message: `${name}'s birth year differs: ${describeBirth(a)} in ${a.fileName}, ${describeBirth(b)} in ${b.fileName}.`,
        documentIds: ids(a, b),
      });
    }
  }
  out.push(...eventDateConflicts(name, timeline, relatives.filter((r) => r.relation === 'spouse').length));

  const death = timeline.find((e) => e.kind === 'death' && e.year !== null) ?? null;
  const burial = timeline.find((e) => e.kind === 'burial' && e.year !== null) ?? null;
  const end = death ?? burial;
  if (end) {
    for (const e of timeline) {
      if (!LIVING.has(e.kind) || e.estimated || e.year === null || !after(e, end)) continue;
      out.push({
        kind: 'event_after_death',
        message: `${name}'s ${e.kind} in ${e.date ?? e.year} (${e.fileName}) is after the ${end.kind} in ${end.date ?? end.year} (${end.fileName}).`,
        documentIds: ids(e, end),
      });
    }
    if (death && burial && after(death, burial)) {
      out.push({
        kind: 'event_after_death',
        message: `${name}'s death in ${death.date} (${death.fileName}) is after the burial in ${burial.date} (${burial.fileName}).`,
        documentIds: ids(death, burial),
      });
    }
  }

  const birth = firstBirth(timeline);
  if (birth) {
    for (const m of timeline) {
      if (m.kind !== 'marriage' || m.year === null || m.year - birth.year! >= MARRIAGE_MIN_AGE) continue;
      out.push({
        kind: 'marriage_age',
        message: `${name} married at about ${m.year - birth.year!} (marriage in ${m.year}, ${m.fileName}; born ${birth.year}, ${birth.fileName}).`,
        documentIds: ids(m, birth),
      });
    }
  }

  for (const r of relatives) {
    const rBirth = firstBirth(r.timeline);
    if (r.relation === 'parent') {
      out.push(...parentChecks({ name: r.name, sex: r.sex, timeline: r.timeline, birth: rBirth }, { name, birth }));
    } else if (r.relation === 'child') {
      out.push(...parentChecks({ name, sex, timeline, birth }, { name: r.name, birth: rBirth }));
    }
  }
  return dedupe(out);
}

interface ParentSide {
  name: string;
  sex: PersonSex;
  timeline: readonly SourcedEvent[];
  birth: SourcedEvent | null;
}

/** A mother's age at the birth, and a birth after the parent's death (10 months for a father, none for a mother). */
function parentChecks(parent: ParentSide, child: { name: string; birth: SourcedEvent | null }): Conflict[] {
  const out: Conflict[] = [];
  const cb = child.birth;
  if (!cb) return out;
  if (parent.sex === 'F' && parent.birth) {
    const age = cb.year! - parent.birth.year!;
    if (age < MOTHER_MIN_AGE || age > MOTHER_MAX_AGE) {
      out.push({
        kind: 'mother_age',
        message: `${parent.name} would have been ${age} at the birth of ${child.name} (born ${cb.year}, ${cb.fileName}; mother born ${parent.birth.year}, ${parent.birth.fileName}).`,
        documentIds: ids(cb, parent.birth),
      });
    }
  }
  const death = parent.timeline.find((e) => e.kind === 'death' && e.year !== null);
  if (death && parent.sex !== 'U') {
    const grace = parent.sex === 'M' ? FATHER_MONTHS : 0;
    if (monthsBetween(death, cb) > grace) {
      out.push({
        kind: 'child_after_parent_death',
        message: `${child.name} was born in ${cb.date ?? cb.year} (${cb.fileName}), after the death of ${parent.sex === 'M' ? 'the father' : 'the mother'} ${parent.name} in ${death.date ?? death.year} (${death.fileName}).`,
        documentIds: ids(cb, death),
      });
    }
  }
  return out;
}

/** The two births of different documents furthest apart by more than `tolerance` years (estimates only). */
function widestPair(births: readonly SourcedEvent[], tolerance: number): [SourcedEvent, SourcedEvent] | null {
  let worst: [SourcedEvent, SourcedEvent] | null = null;
  for (const a of births)
    for (const b of births) {
      if (a.documentId >= b.documentId || a.year === b.year) continue;
      const allowed = a.estimated || b.estimated ? tolerance : 0;
      if (Math.abs(a.year! - b.year!) <= allowed) continue;
      // The registered record is named first.
      const pair: [SourcedEvent, SourcedEvent] = b.registered && !a.registered ? [b, a] : [a, b];
      if (!worst || Math.abs(a.year! - b.year!) > Math.abs(worst[0].year! - worst[1].year!)) worst = pair;
    }
  return worst;
}

function firstBirth(timeline: readonly SourcedEvent[]): SourcedEvent | null {
  const year = birthYearOf(timeline);
  if (year === null) return null;
  return (
    bestBirth(timeline) ?? timeline.find((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.year === year) ?? null
  );
}

/** Months from `a` to `b` (negative when `b` is earlier). A year-only date counts from its latest month for `a` and its earliest for `b`, so only a certain gap counts. */
function monthsBetween(a: SourcedEvent, b: SourcedEvent): number {
  const [ay, am] = parts(a);
  const [by, bm] = parts(b);
  return by * 12 + (bm ?? 1) - (ay * 12 + (am ?? 12));
}

function parts(e: SourcedEvent): [number, number | null] {
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(e.date ?? '');
  return m ? [Number(m[1]), m[2] ? Number(m[2]) : null] : [e.year!, null];
}

/** Strictly after, at the precision both dates have. */
function after(e: SourcedEvent, end: SourcedEvent): boolean {
  return monthsBetween(end, e) > 0;
}

function describeBirth(e: SourcedEvent): string {
  // In words, as the page shows dates ("2 March 1862", not "1862-03-02").
  return e.estimated ? `${e.year} (${e.detail ?? 'estimated'})` : e.date ? datePhrase(e.date) : `${e.year}`;
}

function sameDocuments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function ids(...events: SourcedEvent[]): string[] {
  return [...new Set(events.map((e) => e.documentId))];
}

function dedupe(conflicts: Conflict[]): Conflict[] {
  const seen = new Set<string>();
  return conflicts.filter((c) => {
    if (seen.has(c.message)) return false;
    seen.add(c.message);
    return true;
  });
}
