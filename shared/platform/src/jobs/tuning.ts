/**
 * Timings shared by both backends, in one vocabulary so `createJobQueue` can pass them through
 * whichever backend the environment selects. Unset values keep production defaults; tests pass
 * small ones so a dead worker's job comes back within seconds.
 */
export interface JobQueueTuning {
  /**
   * How long a running job may go without a sign of life from its worker before another worker
   * takes it over. BullMQ: the job lock (`lockDuration`, renewed at half of it; BullMQ's default
   * 30 s). pg-boss: the job's lease (`expireInSeconds`, extended by a heartbeat; default 30 s).
   */
  lockDurationMs?: number;
  /**
   * How often workers look for jobs whose worker died. BullMQ: `stalledInterval` (default 30 s).
   * pg-boss: the supervise and monitor intervals (default 30 s, whole seconds).
   */
  stalledIntervalMs?: number;
  /** BullMQ only: how many times a job may be recovered from a dead worker before it fails. Default 1. */
  maxStalledCount?: number;
  /** pg-boss only: how long an idle worker waits before asking the database for jobs again. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How long `WorkerHandle.close()` waits for running jobs before leaving them to be retried. Default 30 s. */
  shutdownTimeoutMs?: number;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000;

/** The exponential schedule both backends follow: the n-th retry waits backoffMs * 2^(n-1). */
export function backoffDelayMs(backoffMs: number, failedAttempt: number): number {
  return Math.round(backoffMs * 2 ** (failedAttempt - 1));
}

/** Resolves true when `promise` settles within `ms`, false otherwise (the promise keeps running). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
