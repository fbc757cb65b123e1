import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import { scheduleEveryInterval } from '@gnology/platform/jobs/interval-schedule';
import type { AlbumDeps } from '../context';
import { sweepStaleAlbums } from '../use-cases/sweep-stale-albums';

export const MAINTENANCE_QUEUE = 'album.maintenance';
export const SWEEP_JOB = 'sweep';
const SWEEP_EVERY_MS = 5 * 60_000;

/** The stale-album sweep as a job, run by one worker per interval. */
export function sweepJob(deps: AlbumDeps): JobDefinition {
  return defineJob({
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    handler: async () => ({ failed: await sweepStaleAlbums(deps) }),
  });
}

/** Enqueues the sweep once per interval whatever the number of worker replicas (a job, not a setInterval of work). */
export function startSweepTimer(deps: Pick<AlbumDeps, 'queue' | 'logger'>): NodeJS.Timeout {
  return scheduleEveryInterval(deps, {
    queue: MAINTENANCE_QUEUE,
    name: SWEEP_JOB,
    everyMs: SWEEP_EVERY_MS,
    idPrefix: 'album-sweep',
  });
}
