import type { JobState } from './types';

/**
 * Progress as the contract reports it. BullMQ stores 0 for a job that never reported progress, so
 * 0 cannot be told apart from "none": both backends report null for it, and arrays are not progress.
 */
export function normaliseProgress(progress: unknown): JobState['progress'] {
  if (typeof progress === 'number') return progress === 0 ? null : progress;
  if (progress && typeof progress === 'object' && !Array.isArray(progress)) return progress as Record<string, unknown>;
  return null;
}
