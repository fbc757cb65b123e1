import type { ResearchDeps } from '../context';
import { GENERATE_JOB, type GenerateJobData, RESEARCH_QUEUE } from '../jobs/queue';
import { createGeneration } from '../store/generations';
import type { PreparedRequest } from './prepare-request';

/** Chapter and book requests: a generation row, then a job on the research queue (worker role). */
export async function startGeneration(deps: ResearchDeps, p: PreparedRequest): Promise<string> {
  // The generation is billed under its reservation: one value for both ids (see RequestIds).
  const id = p.ids.generationId ?? p.ids.reservationId;
  await createGeneration(deps.database.db, {
    id,
    userId: p.userId,
    conversationId: p.conversation?.id ?? null,
    requestType: p.plan.requestType,
    input: {
      query: p.query,
      documentIds: p.documentIds,
      userMessageId: p.userMessageId,
      bookProjectId: p.book?.projectId ?? null,
      book: p.book?.context ?? null,
      reservedTokens: p.reservation.amount,
    },
    bookProjectId: p.book?.projectId ?? null,
    provider: deps.provider.name,
  });
  // Many tries: each one resumes from the saved text, so a restart costs little.
  await deps.queue.enqueue<GenerateJobData>(
    RESEARCH_QUEUE,
    GENERATE_JOB,
    { generationId: id },
    { jobId: `gen-${id}`, attempts: 6, backoffMs: 2000, requestId: p.ids.httpRequestId },
  );
  return id;
}
