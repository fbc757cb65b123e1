import type { PersonSex, TimelineEvent } from '@gnology/contracts';
import type { MentionEvent } from './mentions';

/** An event with where it comes from, and whether its year is only estimated (from `age`, stated at the event's record). */
export type SourcedEvent = TimelineEvent & { estimated?: boolean; registered?: boolean; age?: number };

/** What an individual's mentions say, for the timeline and the summary. */
export interface MentionFacts {
  documentId: string;
  fileName: string;
  sex: PersonSex;
  events: readonly MentionEvent[];
}

const KIND_ORDER: Record<TimelineEvent['kind'], number> = {
  birth: 0,
  baptism: 1,
  marriage: 2,
  residence: 3,
  occupation: 4,
  other: 5,
  death: 6,
  burial: 7,
};

/** The individual's events from every document, in time order (undated ones last, by kind). */
export function timelineOf(mentions: readonly MentionFacts[]): SourcedEvent[] {
  const events = mentions.flatMap((m) =>
    m.events.map((e) => ({ ...e, documentId: m.documentId, fileName: m.fileName })),
  );
  return events.sort(
    (a, b) =>
      (a.year ?? 99999) - (b.year ?? 99999) ||
      (a.date ?? '').localeCompare(b.date ?? '') ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.fileName.localeCompare(b.fileName),
  );
}

/**
 * The birth the evidence supports best: a birth register's, then a baptism register's, then a
 * birth another record states (an obituary's "born in 1859"), then a baptism; null when only ages say.
 */
export function bestBirth(timeline: readonly SourcedEvent[]): SourcedEvent | null {
  const dated = timeline.filter((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.year !== null && !e.estimated);
  const rank = (e: SourcedEvent) => (e.registered ? 0 : 2) + (e.kind === 'birth' ? 0 : 1);
  return [...dated].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The birth year the evidence supports best (bestBirth), else the middle of the estimates from ages. */
export function birthYearOf(timeline: readonly SourcedEvent[]): number | null {
  const best = bestBirth(timeline);
  if (best) return best.year;
  const births = timeline.filter((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.year !== null);
  if (births.length === 0) return null;
  const years = births.map((e) => e.year!).sort((a, b) => a - b);
  return years[Math.floor((years.length - 1) / 2)]!;
}

export function deathYearOf(timeline: readonly SourcedEvent[]): number | null {
  const deaths = timeline.filter((e) => e.kind === 'death' && e.year !== null);
  return (
    (deaths.find((e) => e.registered) ?? deaths[0])?.year ??
    timeline.find((e) => e.kind === 'burial' && e.year !== null)?.year ??
    null
  );
}

/** The sex most mentions agree on ('U' when none says or they tie). */
export function sexOf(mentions: readonly MentionFacts[]): PersonSex {
  const m = mentions.filter((x) => x.sex === 'M').length;
  const f = mentions.filter((x) => x.sex === 'F').length;
  return m > f ? 'M' : f > m ? 'F' : 'U';
}
