import { describe, expect, it } from 'vitest';
import { GroupCommit, RETRY } from '../src/store/group-commit';

describe('group commit', () => {
  it('sends the calls of one turn together and the ones arriving meanwhile in the next batch', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        await new Promise((r) => setTimeout(r, 5));
        return items.map((x) => x * 2);
      },
      { inFlight: 1, maxBatch: 3 },
    );
    const first = [1, 2, 3, 4].map((x) => gc.submit(x));
    expect(await Promise.all(first)).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('puts a RETRY answer into a later batch, and gives it to the locking path (null) after maxRetries', async () => {
    const seen: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        seen.push(items);
        return items.map((x) => (x === 7 ? RETRY : seen.length > 1 && x === 5 ? x : x === 5 ? RETRY : x));
      },
      { inFlight: 2, maxBatch: 10, maxRetries: 2 },
    );
    expect(await Promise.all([gc.submit(5), gc.submit(6), gc.submit(7)])).toEqual([5, 6, null]);
    expect(seen).toEqual([[5, 6, 7], [5, 7], [7]]);
  });

  it('fails every call of a batch whose statement fails', async () => {
    const gc = new GroupCommit<number, number>(
      async () => {
        throw new Error('connection lost');
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
