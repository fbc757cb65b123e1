/**
 * A set of ids that remembers the most recently added ones only (at most `limit`): a hint kept in
 * a process's memory, never a fact the answer depends on.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly limit: number) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  add(id: string): void {
    // Re-adding moves the id to the newest end; the oldest goes when the set is full.
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value as string);
  }

  delete(id: string): void {
    this.ids.delete(id);
  }
}
