import { EXTRACTOR_VERSION } from '@gnology/genealogy/extraction';
import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../../context';
import { reextractOlderDocuments } from '../use-cases/reextract-older-documents';
import { MAINTENANCE_QUEUE } from './sweep';

/**
 * Re-extraction after an extractor upgrade (issue 15): every completed document whose entities
 * came from an older version of the rules is read again from its stored text — no OCR, no file
 * access — and stamped with EXTRACTOR_VERSION. People tagged on faces or regions are kept, as a
 * "Read again" keeps them. Left alone: documents extracted by an LLM (a re-run costs tokens; they
 * are re-read when their owner asks), filled GNology Journals (their entities come from the form)
 * and photos (their people are tags, not text).
 *
 * One job per version (job id `documents-reextract-v<version>`), so however many worker replicas
 * start, one of them does the work; it goes in batches and enqueues its next batch itself.
 */
export const REEXTRACT_JOB = 'reextract';

export function reextractJobId(part = 0): string {
  return `documents-reextract-v${EXTRACTOR_VERSION}-${part}`;
}

/** Enqueues this version's first re-extraction batch (a no-op when it was enqueued before: same job id). */
export async function startReextraction(deps: Pick<DocumentsDeps, 'queue' | 'logger'>): Promise<void> {
  await deps.queue
    .enqueue(MAINTENANCE_QUEUE, REEXTRACT_JOB, { part: 0 }, { jobId: reextractJobId(0), attempts: 3 })
    .catch((err) => {
      deps.logger.warn({ err }, 'could not enqueue the re-extraction of older documents');
    });
}

export function reextractJob(deps: Pick<DocumentsDeps, 'database' | 'queue' | 'logger'>): JobDefinition {
  return defineJob<{ part?: number }>({
    queue: MAINTENANCE_QUEUE,
    name: REEXTRACT_JOB,
    handler: async (job) => {
      const result = await reextractOlderDocuments(deps);
      if (result.reextracted) deps.logger.info({ ...result, version: EXTRACTOR_VERSION }, 'documents re-extracted');
      if (result.more) {
        const part = (job.data.part ?? 0) + 1;
        await deps.queue.enqueue(
          MAINTENANCE_QUEUE,
          REEXTRACT_JOB,
          { part },
          { jobId: reextractJobId(part), attempts: 3 },
        );
      }
      return result;
    },
  });
}
