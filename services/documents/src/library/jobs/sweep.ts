import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../../context';
import { sweepUnfinishedDocuments } from '../use-cases/sweep-unfinished-documents';

export {
  JOB_LOST_MESSAGE,
  QUIET_FOR,
  type SweepResult,
  sweepUnfinishedDocuments,
} from '../use-cases/sweep-unfinished-documents';

export const MAINTENANCE_QUEUE = 'documents.maintenance';
export const SWEEP_JOB = 'sweep';

/** The maintenance sweep as a job: scheduled once per interval by jobs/schedule.ts, run by one worker. */
export function sweepJob(deps: DocumentsDeps): JobDefinition {
  return defineJob({ queue: MAINTENANCE_QUEUE, name: SWEEP_JOB, handler: () => sweepUnfinishedDocuments(deps) });
}
