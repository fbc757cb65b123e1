import type { PersonSex, TimelineEvent } from '@gnology/contracts';
import type { MentionEvent } from './mentions';

/** An event with where it comes from, and whether its year is only estimated (from an age). */
export type SourcedEvent = TimelineEvent & { estimated?: boolean };

/** What an individual's mentions say, for the timeline and the summary. */
export interface MentionFacts {
  documentId: string;
  fileName: string;
  sex: PersonSex;
  events: readonly MentionEvent[];
}

const KIND_ORDER: Record<TimelineEvent['kind'], number> = { birth: 0, baptism: 1, marriage: 2, residence: 3, occupation: 4, other: 5, death: 6, burial: 7 };

/** The individual's events from every document, in time order (undated ones last, by kind). */
export function timelineOf(mentions: readonly MentionFacts[]): SourcedEvent[] {
  const events = mentions.flatMap((m) => m.events.map((e) => ({ ...e, documentId: m.documentId, fileName: m.fileName })));
  return events.sort(
    (a, b) =>
      (a.year ?? 99999) - (b.year ?? 99999) || (a.date ?? '').localeCompare(b.date ?? '') || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.fileName.localeCompare(b.fileName),
  );
}

/** The birth year the evidence supports best: a registered birth or baptism before an estimate from an age. */
export function birthYearOf(timeline: readonly SourcedEvent[]): number | null {
  const births = timeline.filter((e) => (e.kind === 'birth' || e.kind === 'baptism') && e.year !== null);
  const exact = births.find((e) => !e.estimated);
  if (exact) return exact.year;
  if (births.length === 0) return null;
  const years = births.map((e) => e.year!).sort((a, b) => a - b);
  return years[Math.floor((years.length - 1) / 2)]!;
}

export function deathYearOf(timeline: readonly SourcedEvent[]): number | null {
  return timeline.find((e) => e.kind === 'death' && e.year !== null)?.year ?? timeline.find((e) => e.kind === 'burial' && e.year !== null)?.year ?? null;
}

/** The sex most mentions agree on ('U' when none says or they tie). */
export function sexOf(mentions: readonly MentionFacts[]): PersonSex {
  const m = mentions.filter((x) => x.sex === 'M').length;
  const f = mentions.filter((x) => x.sex === 'F').length;
  return m > f ? 'M' : f > m ? 'F' : 'U';
}
