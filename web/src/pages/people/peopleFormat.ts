import {
  type ConflictKind,
  datePhrase,
  type Evidence,
  type IndividualSummary,
  type RecordRole,
  type Relation,
  TIMELINE_EVENT_LABELS,
  type TimelineEventKind,
} from '@gnology/contracts';
import { recordRoleLabel as documentRecordRole, roleLabel } from '../../lib/document-labels';

/** Plain words for what the people page shows: life years, dates, record roles, events. */

/** "1850–1921", "b. 1850", "d. 1921" or "" when neither year is known. */
export function lifeYears(p: Pick<IndividualSummary, 'birthYear' | 'deathYear'>): string {
  if (p.birthYear !== null && p.deathYear !== null) return `${p.birthYear}–${p.deathYear}`;
  if (p.birthYear !== null) return `b. ${p.birthYear}`;
  if (p.deathYear !== null) return `d. ${p.deathYear}`;
  return '';
}

/** A normalized date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`, or `start/end`) as a reader writes it. */
export function formatRecordDate(normalized: string | null): string {
  if (!normalized) return '';
  const [start, end] = normalized.split('/');
  if (start && end) return `between ${datePhrase(start)} and ${datePhrase(end)}`;
  return datePhrase(normalized);
}

// The documents page's words for record roles, with two spelled out where a person's evidence has room.
const LONGER: Partial<Record<RecordRole, string>> = {
  sponsor: 'sponsor (godparent)',
  testator: 'testator (maker of the will)',
};
export const recordRoleLabel = (r: RecordRole | null): string => (r ? (LONGER[r] ?? documentRecordRole(r)) : '');

/**
 * A mention's part in its record as the evidence table shows it: the record role, else the role. The
 * index keeps no "only named" flag per mention, so "other relative" without a record role (a cousin,
 * or a councillor the paper lists) reads "mentioned": never a kinship the record may not state.
 */
export function evidenceRoleLabel(e: Pick<Evidence, 'role' | 'recordRole'>): string {
  return recordRoleLabel(e.recordRole) || (e.role === 'other_relative' ? 'mentioned' : roleLabel(e.role));
}

export const eventLabel = (k: TimelineEventKind): string => TIMELINE_EVENT_LABELS[k] ?? 'Event';

const CONFLICTS: Record<ConflictKind, string> = {
  birth_years: 'Different birth years',
  event_after_death: 'Event after death or burial',
  mother_age: "Mother's age at the birth",
  marriage_age: 'Married very young',
  child_after_parent_death: "Child born after a parent's death",
  event_dates: 'One event, different dates',
};
export const conflictLabel = (k: ConflictKind): string => CONFLICTS[k] ?? 'Conflict';

const RELATIONS: Record<Relation, string> = { spouse: 'Spouse', parent: 'Parent', child: 'Child', sibling: 'Sibling' };
export const relationLabel = (r: Relation): string => RELATIONS[r] ?? r;

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The merge request: the kept individual first (the API keeps the first id), the rest in list order. */
export function mergeOrder(keptId: string, selected: readonly string[]): string[] {
  return [keptId, ...selected.filter((id) => id !== keptId)];
}

/** The individual a merge keeps unless the user picks another: the best documented one. */
export function defaultKept(
  people: readonly Pick<IndividualSummary, 'id' | 'documentCount' | 'mentionCount'>[],
): string | undefined {
  return [...people].sort((a, b) => b.documentCount - a.documentCount || b.mentionCount - a.mentionCount)[0]?.id;
}

/** A split moves some mentions, never none and never all (that would only rename the individual). */
export function canSplit(chosen: number, total: number): boolean {
  return chosen >= 1 && chosen < total;
}
