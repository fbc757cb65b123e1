import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../../context';
import { rebuildPeopleIndexes, reindexPeople } from '../use-cases/rebuild-people-indexes';
import { MAINTENANCE_QUEUE } from '../../library/jobs/sweep';

/**
 * Full rebuilds of the people index (decision 0185): the backfill after migration 0016 (users
 * whose documents were processed before the index existed) walks the users with completed
 * documents in batches, one job per batch with a fixed id so however many worker replicas start,
 * one does it; `people-rebuild` with an `ownerId` rebuilds one user's index (run by hand after a
 * grouping change), with `documentIds` too only those documents' names. The user's merges, splits
 * and names survive a rebuild.
 */
export const PEOPLE_REBUILD_JOB = 'people-rebuild';
/** Bump when grouping changes enough that every index should be built again. */
export const PEOPLE_INDEX_VERSION = 2;

export interface PeopleRebuildJob {
  ownerId?: string;
  /** With `ownerId`: only these documents changed. */
  documentIds?: string[];
  /** Backfill: the last owner id of the previous batch. */
  after?: string;
  part?: number;
}

const jobId = (part: number) => `people-backfill-v${PEOPLE_INDEX_VERSION}-${part}`;

export async function startPeopleBackfill(deps: Pick<DocumentsDeps, 'queue' | 'logger'>): Promise<void> {
  await deps.queue
    .enqueue(MAINTENANCE_QUEUE, PEOPLE_REBUILD_JOB, { part: 0 }, { jobId: jobId(0), attempts: 3 })
    .catch((err) => {
      deps.logger.warn({ err }, 'could not enqueue the people index backfill');
    });
}

export function peopleRebuildJob(deps: Pick<DocumentsDeps, 'database' | 'queue' | 'logger'>): JobDefinition {
  return defineJob<PeopleRebuildJob>({
    queue: MAINTENANCE_QUEUE,
    name: PEOPLE_REBUILD_JOB,
    handler: async (job) => {
      const { ownerId, documentIds } = job.data;
      if (ownerId) return reindexPeople(deps, { ownerId, ...(documentIds ? { documentIds } : {}) });
      const last = await rebuildPeopleIndexes(deps, { after: job.data.after });
      if (last) {
        const part = (job.data.part ?? 0) + 1;
        await deps.queue.enqueue(
          MAINTENANCE_QUEUE,
          PEOPLE_REBUILD_JOB,
          { after: last, part },
          { jobId: jobId(part), attempts: 3 },
        );
      }
      return { last };
    },
  });
}
