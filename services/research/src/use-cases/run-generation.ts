import { balanceMessage } from '@gnology/contracts';
import type { JobContext } from '@gnology/platform/jobs/types';
import { advanceProject } from '../domain/book';
import { estimatedUsage, MIN_ANSWER_TOKENS, outputLimit, promptTokenBound, totalTokens } from '../domain/cost';
import { AbortedError } from '../providers/errors';
import type { BookContext, ProviderUsage, StopReason } from '../domain/model';
import { getProject, saveProject, toState } from '../store/book-projects';
import { addUsage, finishGeneration, getGeneration, markAttempt, saveProgress } from '../store/generations';
import { planRequest } from '../domain/request';
import { completeResearch, settleOutcome } from './record-outcome';
import { buildProviderRequest, historyBefore } from '../domain/provider-request';
import { providerFailure } from '../domain/provider-failure';
import type { GenerateJobData } from '../jobs/queue';
import { retrieveFromLibrary } from './retrieve-library';
import { bookChapterWriting, bookChapterWritten } from './book-chapter-from-generation';
import { withSelection } from '../domain/library-passages';
import { lookupPeopleAsked } from './lookup-people';
import type { ResearchDeps } from '../context';
import type { RequestIds } from './reservation';

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
export async function runGeneration(deps: ResearchDeps, job: JobContext<GenerateJobData>): Promise<unknown> {
  const db = deps.database.db;
  const id = job.data.generationId;
  const g = await getGeneration(db, id);
  if (!g || !['queued', 'running'].includes(g.status)) return { skipped: g?.status ?? 'missing' };
  const ids: RequestIds = { reservationId: id, generationId: id, httpRequestId: job.requestId };
  const clients = deps.clients(ids.httpRequestId);
  const input = g.input;
  const priorUsage: ProviderUsage = {
    inputTokens: g.usage_input,
    outputTokens: g.usage_output,
    savedTokens: g.usage_saved,
  };
  const plan = planRequest(input.query, g.request_type, { maxRetries: deps.config.LLM_MAX_RETRIES });
  // Before any model call: are this generation's tokens still held, and how many (decision 0085)?
  // Billing unreachable throws: the attempt fails and the queue retries it later.
  const held = await clients.reservation(ids.reservationId);
  const base = {
    ids,
    userId: g.user_id,
    conversationId: g.conversation_id,
    documentIds: input.documentIds,
    plan,
    provider: deps.provider.name,
    startedAt: new Date(g.created_at).getTime(),
    balanceHint: { remaining: held.remaining, amount: held.amount },
  };

  const project = g.book_project_id ? await getProject(db, g.book_project_id) : undefined;
  const book = input.book ?? undefined;

  if (g.stop_requested) {
    await finishStopped(deps, g.text, priorUsage, base, project?.id, book ?? undefined, false);
    return { stopped: true };
  }
  await markAttempt(db, id);
  if (project && book) await bookChapterWriting(db, project.id, book, id);

  const [conversation, selected, library, people] = await Promise.all([
    g.conversation_id ? clients.conversation(g.user_id, g.conversation_id).catch(() => null) : Promise.resolve(null),
    clients.documents(g.user_id, input.documentIds),
    // The library search again (decision 0170): the same question finds the same pages.
    retrieveFromLibrary(clients, {
      userId: g.user_id,
      query: input.query,
      selectedIds: input.documentIds,
      requestType: g.request_type,
    }),
    lookupPeopleAsked(clients, { userId: g.user_id, query: input.query }),
  ]);
  // The selection first, always; what the search found after it (issue 30, point 1).
  const { documents, sources } = withSelection(selected, library);
  const history = historyBefore(conversation?.messages ?? [], input.userMessageId);
  const request = buildProviderRequest({
    plan,
    query: input.query,
    history,
    documents,
    people,
    book: book ?? undefined,
    continuation: g.text,
  });
  // Every call of the job (a resumed one re-reads the prompt) fits in what is held: a job that
  // starts after its hold is gone, or with too little of it left, never calls the model.
  const promptTokens = promptTokenBound(request);
  request.maxTokens = outputLimit(held.amount - totalTokens(priorUsage), promptTokens, plan.maxTokens);
  if (held.status !== 'held' || request.maxTokens < Math.min(plan.maxTokens, MIN_ANSWER_TOKENS)) {
    const message = balanceMessage(
      held.remaining > 0 ? 'low_balance' : held.plan === 'trial' ? 'trial_ended' : 'limit_reached',
      held.plan,
    );
    deps.logger.info(
      { generationId: id, status: held.status, held: held.amount, promptTokens },
      'generation not started: its tokens are no longer held',
    );
    await settleOutcome(deps, { ...base, usage: priorUsage, outcome: 'failed' }).catch((err) =>
      deps.logger.warn({ err }, 'recording the refused generation failed'),
    );
    if (project && book) await bookChapterWritten(db, project.id, book, { id, text: g.text, failed: true }, false);
    await finishGeneration(db, id, { status: 'failed', text: g.text, error: message, errorStatus: 402 });
    return { refused: true };
  }

  const controller = new AbortController();
  const onShutdown = () => controller.abort(new ShutdownError());
  job.signal.addEventListener('abort', onShutdown, { once: true });
  const unsubscribe = deps.hub.subscribe(id, () => {
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
  const flushMs = deps.config.GENERATION_FLUSH_MS;
  try {
    for await (const ev of deps.provider.stream(request, controller.signal)) {
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
    const partial =
      (err as { usage?: ProviderUsage }).usage ?? estimatedUsage(promptTokens, text.length - g.text.length);
    if (err instanceof AbortedError || controller.signal.aborted) {
      if (job.signal.aborted) {
        await saveProgress(db, id, text);
        await addUsage(db, id, partial);
        throw new ShutdownError();
      }
      await finishStopped(deps, text, add(priorUsage, partial), base, project?.id, book ?? undefined, true);
      return { stopped: true };
    }
    const failure = providerFailure(err);
    deps.logger.warn({ err, generationId: id }, 'generation failed');
    // What this try streamed before failing is charged, with what earlier tries used; nothing at all releases the hold.
    const streamed = text.length > g.text.length ? partial : { inputTokens: 0, outputTokens: 0, savedTokens: 0 };
    await settleOutcome(deps, {
      ...base,
      usage: priorUsage,
      charge: add(priorUsage, streamed),
      outcome: 'failed',
    }).catch((e) => deps.logger.warn({ err: e, generationId: id }, 'recording the failed generation failed'));
    // The book's chapter first: readers of the generation see its end once it is finished.
    if (project && book) await bookChapterWritten(db, project.id, book, { id, text, failed: true }, false);
    await finishGeneration(db, id, { status: 'failed', text, error: failure.message, errorStatus: failure.statusCode });
    return { failed: failure.message };
  } finally {
    job.signal.removeEventListener('abort', onShutdown);
    unsubscribe();
  }

  const total = add(priorUsage, usage);
  if (project && book) {
    await saveProject(db, project.id, advanceProject(toState(project), book, text, stopReason === 'end'));
    await bookChapterWritten(db, project.id, book, { id, text }, stopReason === 'end');
  }
  const result = await completeResearch(deps, {
    ...base,
    sources,
    text,
    usage: total,
    charge: estimated ? total : undefined,
    stopped: false,
  });
  await finishGeneration(db, id, { status: 'completed', text, result: result as unknown as Record<string, unknown> });
  return { completed: true, length: text.length };
}

async function finishStopped(
  deps: ResearchDeps,
  text: string,
  usage: ProviderUsage,
  base: Omit<Parameters<typeof completeResearch>[1], 'text' | 'usage' | 'stopped'>,
  projectId: string | undefined,
  book: BookContext | undefined,
  started: boolean,
) {
  const db = deps.database.db;
  if (projectId && book && started && text) {
    const project = await getProject(db, projectId);
    if (project) await saveProject(db, projectId, advanceProject(toState(project), book, text, false));
    await bookChapterWritten(db, projectId, book, { id: base.ids.reservationId, text }, false);
  }
  const result = await completeResearch(deps, { ...base, text, usage, stopped: true });
  await finishGeneration(db, base.ids.reservationId, {
    status: 'stopped',
    text,
    result: result as unknown as Record<string, unknown>,
  });
}

function add(a: ProviderUsage, b: ProviderUsage): ProviderUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    savedTokens: a.savedTokens + b.savedTokens,
  };
}
