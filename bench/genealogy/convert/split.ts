import { createHash } from 'node:crypto';

/**
 * The frozen dev/holdout split: a record is held out when the first byte of sha1(id) is below 77
 * (77/256 ≈ 30%). It depends on the id alone, so re-running a converter never moves a record.
 */
export const isHoldout = (id: string): boolean => createHash('sha1').update(id).digest()[0]! < 77;

/** A deterministic pseudo-random order for picking a sample of a source (independent of the split). */
export const pickOrder = (id: string): string => createHash('sha1').update(`pick:${id}`).digest('hex');

/** The first `n` items in pick order, returned sorted by id. */
export function pick<T extends { id: string }>(items: readonly T[], n: number): T[] {
  const chosen = [...items].sort((a, b) => (pickOrder(a.id) < pickOrder(b.id) ? -1 : 1)).slice(0, n);
  return chosen.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
