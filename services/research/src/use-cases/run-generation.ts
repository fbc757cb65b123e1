import { balanceMessage } from '@gnology/contracts';
import type { JobContext } from '@gnology/platform/jobs/types';
import { advanceProject } from '../domain/book';
import { estimatedUsage, MIN_ANSWER_TOKENS, outputLimit, promptTokenBound, totalTokens } from '../domain/cost';
import { AbortedError } from '../providers/errors';
import type { BookContext, ProviderUsage, StopReason } from '../providers/types';
import { getProject, saveProject, toState } from '../store/book-projects';
import { addUsage, createGeneration, finishGeneration, getGeneration, markAttempt, saveProgress } from '../store/generations';
import { planRequest } from '../domain/request';
import { completeResearch, settleOutcome } from './complete';
import { buildProviderRequest, historyBefore } from './context';
import { providerFailure } from './inline';
import { retrieveFromLibrary } from './retrieve';
import { lookupPeopleAsked } from './people-lookup';
import type { PreparedRequest } from './prepare';
import type { ResearchRuntime } from './runtime';

export const RESEARCH_QUEUE = 'research';
export const GENERATE_JOB = 'generate';

export interface GenerateJobData {
  generationId: string;
}

/** Chapter and book requests: a generation row, then a job on the research queue (worker role). */
export async function startGeneration(rt: ResearchRuntime, p: PreparedRequest, httpRequestId?: string): Promise<string> {
  const id = p.requestId;
  await createGeneration(rt.deps.database.db, {
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
    provider: rt.provider.name,
  });
  // Many tries: each one resumes from the saved text, so a restart costs little.
  await rt.deps.queue.enqueue<GenerateJobData>(RESEARCH_QUEUE, GENERATE_JOB, { generationId: id }, { jobId: `gen-${id}`, attempts: 6, backoffMs: 2000, requestId: httpRequestId });
  return id;
}

class ShutdownError extends Error {
  constructor() {
    super('worker shutting down: the generation resumes from its saved text on the next try');
  }
}

/**
 * The job: rebuilds the request (history as it was, documents, book context), continues any
 * text a previous try saved, saves the text every GENERATION_FLUSH_MS, stops when asked, and on
 * a worker shutdown saves what it has and lets the queue retry resume it.
 */
export async function runGeneration(rt: ResearchRuntime, job: JobContext<GenerateJobData>): Promise<unknown> {
  const db = rt.deps.database.db;
  const id = job.data.generationId;
  const g = await getGeneration(db, id);
  if (!g || !['queued', 'running'].includes(g.status)) return { skipped: g?.status ?? 'missing' };
  const clients = rt.clients(job.requestId);
  const input = g.input;
  const priorUsage: ProviderUsage = { inputTokens: g.usage_input, outputTokens: g.usage_output, savedTokens: g.usage_saved };
  const plan = planRequest(input.query, g.request_type, { maxRetries: rt.deps.config.LLM_MAX_RETRIES });
  // Before any model call: are this generation's tokens still held, and how many (decision 0085)?
  // Billing unreachable throws: the attempt fails and the queue retries it later.
  const held = await clients.reservation(id);
  const base = {
    requestId: id,
    userId: g.user_id,
    conversationId: g.conversation_id,
    documentIds: input.documentIds,
    plan,
    provider: rt.provider.name,
    generationId: id,
    startedAt: new Date(g.created_at).getTime(),
    httpRequestId: job.requestId,
    balanceHint: { remaining: held.remaining, amount: held.amount },
  };

  const project = g.book_project_id ? await getProject(db, g.book_project_id) : undefined;
  const book = input.book ?? undefined;

  if (g.stop_requested) {
    await finishStopped(rt, g.text, priorUsage, base, project?.id, book ?? undefined, false);
    return { stopped: true };
  }
  await markAttempt(db, id);

  const [conversation, selected, library, people] = await Promise.all([
    g.conversation_id ? clients.conversation(g.user_id, g.conversation_id).catch(() => null) : Promise.resolve(null),
    clients.documents(g.user_id, input.documentIds),
    // The library search again (decision 0170): the same question finds the same pages.
    retrieveFromLibrary(clients, { userId: g.user_id, query: input.query, selectedIds: input.documentIds, requestType: g.request_type }),
    lookupPeopleAsked(clients, { userId: g.user_id, query: input.query }),
  ]);
  const documents = [...selected, ...library.documents];
  const history = historyBefore(conversation?.messages ?? [], input.userMessageId);
  const request = buildProviderRequest({ plan, query: input.query, history, documents, people, book: book ?? undefined, continuation: g.text });
  // Every call of the job (a resumed one re-reads the prompt) fits in what is held: a job that
  // starts after its hold is gone, or with too little of it left, never calls the model.
  const promptTokens = promptTokenBound(request);
  request.maxTokens = outputLimit(held.amount - totalTokens(priorUsage), promptTokens, plan.maxTokens);
  if (held.status !== 'held' || request.maxTokens < Math.min(plan.maxTokens, MIN_ANSWER_TOKENS)) {
    const message = balanceMessage(held.remaining > 0 ? 'low_balance' : held.plan === 'trial' ? 'trial_ended' : 'limit_reached', held.plan);
    rt.deps.logger.info({ generationId: id, status: held.status, held: held.amount, promptTokens }, 'generation not started: its tokens are no longer held');
    await settleOutcome(rt, { ...base, usage: priorUsage, outcome: 'failed' }).catch((err) => rt.deps.logger.warn({ err }, 'recording the refused generation failed'));
    await finishGeneration(db, id, { status: 'failed', text: g.text, error: message, errorStatus: 402 });
    return { refused: true };
  }

  const controller = new AbortController();
  const onShutdown = () => controller.abort(new ShutdownError());
  job.signal.addEventListener('abort', onShutdown, { once: true });
  const unsubscribe = rt.hub.subscribe(id, () => {
    getGeneration(db, id)
      .then((row) => {
        if (row?.stop_requested) controller.abort(new Error('stop'));
      })
      .catch(() => {});
  });

  let text = g.text;
  let resuming = g.text.length > 0;
  let lastFlush = Date.now();
  let usage: ProviderUsage = { inputTokens: 0, outputTokens: 0, savedTokens: 0 };
  let estimated = false;
  let stopReason: StopReason = 'end';
  const flushMs = rt.deps.config.GENERATION_FLUSH_MS;
  try {
    for await (const ev of rt.provider.stream(request, controller.signal)) {
      if (ev.type === 'delta') {
        // A resumed answer continues a prefill sent without its trailing whitespace; the saved
        // text (already read by clients) keeps it, so drop the continuation's leading whitespace.
        const piece = resuming && /\s$/.test(text) ? ev.text.replace(/^\s+/, '') : ev.text;
        if (piece) resuming = false;
        text += piece;
        if (Date.now() - lastFlush >= flushMs) {
          lastFlush = Date.now();
          const { stopRequested } = await saveProgress(db, id, text);
          if (stopRequested) controller.abort(new Error('stop'));
        }
      } else {
        usage = ev.usage;
        estimated = ev.estimated === true;
        stopReason = ev.stopReason;
      }
    }
    if (controller.signal.aborted) throw new AbortedError();
  } catch (err) {
    const partial = (err as { usage?: ProviderUsage }).usage ?? estimatedUsage(promptTokens, text.length - g.text.length);
    if (err instanceof AbortedError || controller.signal.aborted) {
      if (job.signal.aborted) {
        await saveProgress(db, id, text);
        await addUsage(db, id, partial);
        throw new ShutdownError();
      }
      await finishStopped(rt, text, add(priorUsage, partial), base, project?.id, book ?? undefined, true);
      return { stopped: true };
    }
    const failure = providerFailure(err);
    rt.deps.logger.warn({ err, generationId: id }, 'generation failed');
    // What this try streamed before failing is charged, with what earlier tries used; nothing at all releases the hold.
    const streamed = text.length > g.text.length ? partial : { inputTokens: 0, outputTokens: 0, savedTokens: 0 };
    await settleOutcome(rt, { ...base, usage: priorUsage, charge: add(priorUsage, streamed), outcome: 'failed' }).catch((e) =>
      rt.deps.logger.warn({ err: e, generationId: id }, 'recording the failed generation failed'),
    );
    await finishGeneration(db, id, { status: 'failed', text, error: failure.message, errorStatus: failure.statusCode });
    return { failed: failure.message };
  } finally {
    job.signal.removeEventListener('abort', onShutdown);
    unsubscribe();
  }

  const total = add(priorUsage, usage);
  if (project && book) await saveProject(db, project.id, advanceProject(toState(project), book, text, stopReason === 'end'));
  const result = await completeResearch(rt, { ...base, sources: library.sources, text, usage: total, charge: estimated ? total : undefined, stopped: false });
  await finishGeneration(db, id, { status: 'completed', text, result: result as unknown as Record<string, unknown> });
  return { completed: true, length: text.length };
}

async function finishStopped(
  rt: ResearchRuntime,
  text: string,
  usage: ProviderUsage,
  base: Omit<Parameters<typeof completeResearch>[1], 'text' | 'usage' | 'stopped'>,
  projectId: string | undefined,
  book: BookContext | undefined,
  started: boolean,
) {
  const db = rt.deps.database.db;
  if (projectId && book && started && text) {
    const project = await getProject(db, projectId);
    if (project) await saveProject(db, projectId, advanceProject(toState(project), book, text, false));
  }
  const result = await completeResearch(rt, { ...base, text, usage, stopped: true });
  await finishGeneration(db, base.requestId, { status: 'stopped', text, result: result as unknown as Record<string, unknown> });
}

function add(a: ProviderUsage, b: ProviderUsage): ProviderUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, savedTokens: a.savedTokens + b.savedTokens };
}
