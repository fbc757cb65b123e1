import type { DocumentRecord, PersonRole, PersonTag } from '@gnology/contracts';

/** The Person-tag roles of docs/contract.md#entities, in words, in the order the select offers them. */
export const ROLE_OPTIONS: { value: PersonRole; label: string }[] = [
  { value: 'primary_subject', label: 'Primary subject' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'child', label: 'Child' },
  { value: 'parent', label: 'Parent' },
  { value: 'sibling', label: 'Sibling' },
  { value: 'other_relative', label: 'Other relative' },
];

export const DEFAULT_ROLE: PersonRole = 'primary_subject';

export const roleWords = (role: PersonRole) => ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;

/** The list with one more tag; a tag on a face replaces whoever that face was tagged as before. */
export function withTag(people: readonly PersonTag[], tag: PersonTag): PersonTag[] {
  const rest = tag.faceId ? people.filter((p) => p.faceId !== tag.faceId) : people;
  return [...rest, { ...tag, name: tag.name.trim() }];
}

export function withoutTag(people: readonly PersonTag[], index: number): PersonTag[] {
  return people.filter((_, i) => i !== index);
}

/**
 * The role to give a confirmed face suggestion: the role that person has where they were tagged
 * (the suggested face's own tag), else "other relative".
 */
export function suggestedRole(
  images: readonly Pick<DocumentRecord, '_id' | 'peopleIdentified'>[],
  documentId: string,
  faceId: string,
): PersonRole {
  const tag = images.find((i) => i._id === documentId)?.peopleIdentified.find((p) => p.faceId === faceId);
  return tag?.role ?? 'other_relative';
}
