import { describe, expect, it } from 'vitest';
import { scheduleEveryInterval } from '../src/jobs/interval-schedule';

describe('scheduleEveryInterval', () => {
  it('enqueues one job named after its interval at once, and says so when the queue refuses', async () => {
    const calls: unknown[][] = [];
    const warnings: string[] = [];
    const queue = {
      enqueue: async (...args: unknown[]) => {
        calls.push(args);
        if (calls.length > 1) throw new Error('queue down');
        return 'id';
      },
    };
    const logger = { warn: (_o: unknown, msg: string) => warnings.push(msg) };
    const timer = scheduleEveryInterval({ queue, logger } as never, {
      queue: 'maintenance',
      name: 'sweep',
      everyMs: 20,
      idPrefix: 'x-sweep',
    });
    try {
      const slot = Math.floor(Date.now() / 20);
      expect(calls[0]).toEqual([
        'maintenance',
        'sweep',
        { slot: expect.any(Number) },
        { jobId: expect.stringMatching(/^x-sweep-\d+$/), attempts: 1 },
      ]);
      expect(Math.abs((calls[0]![2] as { slot: number }).slot - slot)).toBeLessThanOrEqual(1);
      await new Promise((r) => setTimeout(r, 60));
      expect(calls.length).toBeGreaterThan(1);
      expect(warnings).toContain('could not enqueue x-sweep');
    } finally {
      clearInterval(timer);
    }
  });
});
