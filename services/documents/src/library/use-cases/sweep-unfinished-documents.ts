import type { DocumentsDeps } from '../../context';
import { LANE_QUEUES, laneOf } from '../domain/processing-lanes';
import { enqueueProcessing, processingJobId } from '../jobs/enqueue';
import { failProcessing } from './finish-processing';
import { listQuietUnfinishedDocuments } from '../store/unfinished-documents';

/** Quiet for this long and unfinished: the sweep looks at its job. */
export const QUIET_FOR = '2 minutes';
export const JOB_LOST_MESSAGE = 'Processing stopped unexpectedly. Please delete this document and upload it again.';

export interface SweepResult {
  requeued: number;
  failed: number;
}

/**
 * One maintenance pass: every quiet unfinished document is checked against its queue job.
 * - no job (the enqueue after the upload was lost): enqueued again;
 * - a job that failed or finished while the document still says pending/processing (the
 *   handler died before recording the outcome, or the failure could not be written): the
 *   document is failed with its last error, so nobody watches "processing" forever;
 * - a job waiting, delayed or running: left alone.
 */
export async function sweepUnfinishedDocuments(
  deps: Pick<DocumentsDeps, 'database' | 'queue' | 'logger'>,
): Promise<SweepResult> {
  const result: SweepResult = { requeued: 0, failed: 0 };
  for (const doc of await listQuietUnfinishedDocuments(deps.database.db, QUIET_FOR)) {
    const job = await deps.queue.getJob(LANE_QUEUES[laneOf(doc.kind)], processingJobId(doc));
    if (!job && doc.status === 'pending') {
      await enqueueProcessing(deps, doc);
      result.requeued++;
    } else if (!job || job.status === 'failed' || job.status === 'completed') {
      // The task's last error was written for users (readableError); the queue's reason was not.
      const failed = await failProcessing(deps, doc.id, {
        error: doc.lastError ?? JOB_LOST_MESSAGE,
        step: doc.lastStep?.step ?? 'reading',
        attempts: doc.attempts,
      });
      if (failed) result.failed++;
    }
  }
  if (result.requeued || result.failed) deps.logger.info(result, 'documents sweep');
  return result;
}
