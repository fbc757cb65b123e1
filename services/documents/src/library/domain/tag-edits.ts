import { MAX_DOCUMENT_TAGS } from '@gnology/contracts';

/**
 * What the user changed in a document's tags, kept apart from the tags themselves so that a new
 * reading ("Read again", re-extraction) can bring fresh automatic tags without undoing the user:
 * a tag they added stays, a tag they removed ("portrait" on a photo they do not call one) is not
 * put back (decision 0217).
 */
export interface TagEdits {
  added: string[];
  removed: string[];
}

/** One tag as stored: trimmed, inner runs of spaces made one; its case as written (decision 0216). */
export function normalTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ');
}

/** Tags compare without regard to case: "Portrait" and "portrait" are one tag. */
export function tagKey(tag: string): string {
  return normalTag(tag).toLowerCase();
}

/** Tags in their normal form, blanks and repeats (in any case) dropped, the first spelling kept. */
export function normalTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = normalTag(raw);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/**
 * The edits after the user replaced `before` with `after`: what they added (and had not removed
 * since) and what they removed (and had not added back since), each once.
 */
export function recordTagEdit(edits: TagEdits, before: readonly string[], after: readonly string[]): TagEdits {
  const was = new Set(before.map(tagKey));
  const now = new Set(after.map(tagKey));
  const addedNow = normalTags(after).filter((t) => !was.has(tagKey(t)));
  const removedNow = normalTags(before).filter((t) => !now.has(tagKey(t)));
  const dropped = new Set(removedNow.map(tagKey));
  const restored = new Set(addedNow.map(tagKey));
  return {
    added: normalTags([...edits.added.filter((t) => !dropped.has(tagKey(t))), ...addedNow]),
    removed: normalTags([...edits.removed.filter((t) => !restored.has(tagKey(t))), ...removedNow]),
  };
}

/** A new reading's tags with the user's edits applied: their removals dropped, their additions kept. */
export function applyTagEdits(read: readonly string[], edits: TagEdits | null | undefined): string[] {
  if (!edits) return [...read];
  const removed = new Set(edits.removed.map(tagKey));
  return normalTags([...read.filter((t) => !removed.has(tagKey(t))), ...edits.added]).slice(0, MAX_DOCUMENT_TAGS);
}
