/**
 * Names both backends accept. Checked on every call, in both backends alike, so a service that
 * works on the embedded queue cannot fail only in production: BullMQ rejects job ids containing
 * ':' or made only of digits, and pg-boss writes queue names into SQL text.
 */
const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const JOB_ID = /^[A-Za-z0-9_.@/=+-]{1,200}$/;

export function assertQueueName(queue: string): void {
  if (!QUEUE_NAME.test(queue)) {
    throw new Error(
      `invalid queue name "${queue}": use 1-100 letters, digits, '_', '-' or '.', starting with a letter or digit`,
    );
  }
}

export function assertJobId(jobId: string): void {
  if (!JOB_ID.test(jobId) || /^\d+$/.test(jobId)) {
    throw new Error(
      `invalid jobId "${jobId}": use 1-200 letters, digits or _ . @ / = + -, not only digits (BullMQ reserves numeric ids and ':')`,
    );
  }
}

/** BullMQ's priority range; pg-boss stores the same number negated (it runs the highest first). */
export const MAX_JOB_PRIORITY = 2_097_152;

/** A priority both backends store alike: a whole number from 1 (first) to MAX_JOB_PRIORITY. */
export function jobPriority(priority: number): number {
  if (!Number.isFinite(priority))
    throw new Error(`invalid job priority ${priority}: use a number from 1 to ${MAX_JOB_PRIORITY}`);
  return Math.min(MAX_JOB_PRIORITY, Math.max(1, Math.round(priority)));
}
