import {
  CAPACITY_MESSAGE,
  type Conversation,
  ERROR_MESSAGES,
  type Message,
  type ResearchBody,
  type RetrievedSource,
  type SaveMessageBody,
} from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import { nextBookContext, planContext } from '../domain/book';
import { capacityFor, isContinueRequest, planRequest, type RequestPlan } from '../domain/request';
import type { Clients, Reservation } from '../clients';
import { type CostBound, costBound, outputLimit } from '../domain/cost';
import type { BookContext, ContextDocument, ProviderRequest } from '../domain/model';
import { acquireSlot, claimTrialSlot, renameSlot } from '../store/in-flight';
import { buildProviderRequest } from '../domain/provider-request';
import { historyOfShape } from '../domain/history-shape';
import { retrieveFromLibrary } from './retrieve-library';
import { withSelection } from '../domain/library-passages';
import { lookupPeopleAsked, lookupPeopleMeant } from './lookup-people';
import { activeProject, createProject, toState } from '../store/book-projects';
import type { ResearchDeps } from '../context';
import { endInFlight, type RequestIds, withReservation } from './reservation';
import { dropEarly, reserveEarly, sameCost } from './early-reservation';

export interface PreparedRequest {
  /** The reservation's id, the generation's (a chapter or book: the same value) and the HTTP request's. */
  ids: RequestIds;
  userId: string;
  query: string;
  documentIds: string[];
  conversation: Conversation | null;
  documents: ContextDocument[];
  /** The documents Gene read: the selected ones first, then what the library search found (decision 0170, issue 30). */
  sources: RetrievedSource[];
  plan: RequestPlan;
  book?: { projectId: string; context: BookContext };
  /** The model request, its output limit capped to what billing holds (a job rebuilds its own). */
  request: ProviderRequest;
  /** What the prompt can cost (decision 0085). */
  promptTokens: number;
  reservation: Reservation;
  userMessageId: string | null;
  /**
   * Saves the user's message (once, however often called) and resolves when it is saved. A job's
   * is saved before it is queued; an inline answer's only when its answer fails (decision 0245).
   */
  saveQuestion(): Promise<Message | null>;
  /**
   * The user's message, not yet saved, handed over to be saved with the answer in one call
   * (decision 0245); null outside a conversation or once saved or handed over (never twice).
   */
  takeQuestion(): SaveMessageBody | null;
  startedAt: number;
}

/**
 * Everything before the model call, leaving nothing behind on refusal: read the conversation
 * (owner-checked) and the documents (this user's only), plan the request, check capacity,
 * assemble the prompt and reserve what it can cost with billing (its prompt plus its answer
 * limit: decision 0085), hold a slot among the user's requests in flight (and, for a trial
 * account, its address's), and only then save the user's message. The slot is taken beside the
 * reads, and a regular question whose prompt is likely just the instructions and the question
 * (decision 0206), or those and the history this process saved in the conversation (decision
 * 0245), reserves that beside them too: kept when the prompt is indeed that, given back otherwise. Refusals answer as before: a read's first, then billing's, then the slot's.
 */
export async function prepareRequest(
  deps: ResearchDeps,
  userId: string,
  body: ResearchBody,
  httpRequestId: string,
  clientIp: string | null = null,
): Promise<PreparedRequest> {
  const clients = deps.clients(httpRequestId);
  const startedAt = Date.now();
  // "continue" needs the user's book first (it decides the request type); everything else runs at once.
  const project = isContinueRequest(body.query) ? await activeProject(deps.database.db, userId) : undefined;
  const continuing = project ? nextBookContext(toState(project)) : null;
  const plan = planRequest(body.query, body.requestType, {
    maxRetries: deps.config.LLM_MAX_RETRIES,
    continuesBook: continuing ? 'book' : undefined,
  });
  const firstId = newObjectId();
  // The history the prompt likely holds (none, or the conversation's as this process saved it:
  // decision 0245), reserved for beside the reads; kept only if the reads assemble that very cost.
  const likely =
    !plan.asJob && !body.documentIds.length ? deps.reservationHints.likelyHistory(userId, body.conversationId) : null;
  const early = likely
    ? reserveEarly(
        clients,
        userId,
        firstId,
        costBound(
          buildProviderRequest({ plan, query: body.query, history: historyOfShape(likely), documents: [], people: [] }),
          plan.estimate,
        ),
      )
    : null;
  // The user's slot among requests in flight is taken beside the reads too (freed on any refusal).
  const slot = acquireSlot(deps.database.db, {
    requestId: firstId,
    userId,
    clientIp,
    ttlMs: plan.timeoutMs + 60_000,
    perUser: deps.config.RESEARCH_MAX_IN_FLIGHT_PER_USER,
  }).then(
    (taken) => ({ taken }),
    (error: unknown) => ({ taken: false, error }),
  );

  let read: Awaited<ReturnType<typeof readContext>>;
  let reservationId = firstId;
  let reservation: Reservation;
  let cost: CostBound;
  let earlyDropped = false;
  try {
    read = await readContext(deps, clients, userId, body, plan, continuing);
    deps.reservationHints.learn(
      userId,
      read.conversation?.id ?? null,
      read.documents.length > 0 || read.people.length > 0,
    );
    cost = costBound(read.request, plan.estimate);
    // The early reservation is the request's when billing was asked exactly this; else it goes back first.
    if (early && sameCost(early.cost, cost)) {
      const outcome = await early.outcome;
      if ('error' in outcome) throw outcome.error;
      reservation = outcome.held;
    } else {
      if (early) {
        earlyDropped = true;
        await dropEarly(deps, early, httpRequestId);
        reservationId = newObjectId();
      }
      reservation = await clients.reserve(userId, reservationId, cost.estimate, cost.minimum);
    }
  } catch (err) {
    if (early && !earlyDropped) await dropEarly(deps, early, httpRequestId);
    if ((await slot).taken) await endInFlight(deps, { reservationId: firstId, generationId: null, httpRequestId });
    throw err;
  }
  const { conversation, documents, sources, request, bookContext, bookTitle } = read;
  // A chapter or book is generated under its reservation's id (the job asks billing about its hold by it).
  const ids: RequestIds = { reservationId, generationId: plan.asJob ? reservationId : null, httpRequestId };
  return withReservation(deps, ids, async () => {
    request.maxTokens = outputLimit(reservation.amount, cost.promptTokens, plan.maxTokens);
    if (reservation.remaining < 5_000)
      deps.logger.info({ userId, remaining: reservation.remaining }, 'token balance under 5,000');
    const taken = await slot;
    if ('error' in taken) throw taken.error;
    if (!taken.taken) throw new HttpError(429, ERROR_MESSAGES.rateLimited, { code: 'too_many_in_flight' });
    if (reservationId !== firstId) await renameSlot(deps.database.db, firstId, reservationId);
    // A trial account's requests are limited per client address as well (decision 0085).
    const trialRefused =
      reservation.plan === 'trial' &&
      clientIp &&
      !(await claimTrialSlot(deps.database.db, {
        requestId: reservationId,
        clientIp,
        perTrialIp: deps.config.RESEARCH_MAX_IN_FLIGHT_PER_TRIAL_IP,
      }));
    if (trialRefused) throw new HttpError(429, ERROR_MESSAGES.rateLimited, { code: 'too_many_in_flight' });

    let book: PreparedRequest['book'];
    if (continuing && project) book = { projectId: project.id, context: continuing };
    else if (plan.requestType === 'book' && bookContext) {
      const created = await createProject(deps.database.db, userId, bookTitle);
      book = { projectId: created.id, context: bookContext };
    }
    // Stamped when asked: saved with its answer, it keeps its own time (decision 0245).
    const question: SaveMessageBody | null = conversation
      ? {
          type: 'user',
          content: body.query,
          requestType: plan.requestType,
          documents: body.documentIds.length ? body.documentIds : null,
          timestamp: new Date(startedAt).toISOString(),
        }
      : null;
    const saveUserMessage = () =>
      conversation && question ? clients.saveMessage(userId, conversation.id, question) : Promise.resolve(null);
    // A job needs the saved message's id to rebuild the history in any worker; a regular answer
    // hands it over to be saved with the answer, in one call (decision 0245).
    const userMessage = plan.asJob ? await saveUserMessage() : null;
    let saved: Promise<Message | null> | undefined = plan.asJob ? Promise.resolve(userMessage) : undefined;
    const saveQuestion = () => {
      if (!saved) {
        saved = saveUserMessage();
        saved.catch(() => {});
      }
      return saved;
    };
    const takeQuestion = () => {
      if (saved) return null;
      saved = Promise.resolve(null);
      return question;
    };
    return {
      ids,
      userId,
      query: body.query,
      documentIds: body.documentIds,
      conversation,
      documents,
      sources,
      plan,
      book,
      request,
      promptTokens: cost.promptTokens,
      reservation,
      userMessageId: userMessage?.id ?? null,
      saveQuestion,
      takeQuestion,
      startedAt,
    };
  });
}

/**
 * The conversation (owner-checked), the selected documents (this user's only), the library search
 * and the people index, read at once; the capacity check; the prompt assembled from them.
 */
async function readContext(
  deps: ResearchDeps,
  clients: Clients,
  userId: string,
  body: ResearchBody,
  plan: RequestPlan,
  continuing: BookContext | null,
) {
  const [conversation, selected, library, named] = await Promise.all([
    body.conversationId ? clients.conversation(userId, body.conversationId) : Promise.resolve(null),
    clients.documents(userId, body.documentIds),
    // Gene searches the user's library alongside (decision 0170): alone or beside the selection.
    retrieveFromLibrary(clients, {
      userId,
      query: body.query,
      selectedIds: body.documentIds,
      excludeIds: body.excludeDocumentIds,
      requestType: plan.requestType,
      onError: (err) => deps.logger.warn({ err }, 'library search failed; answering without it'),
    }),
    // And what the people index holds about the people the question names (issue 16).
    lookupPeopleAsked(clients, {
      userId,
      query: body.query,
      excludeIds: body.excludeDocumentIds,
      onError: (err) => deps.logger.warn({ err }, 'people lookup failed; answering without it'),
    }),
  ]);
  // The selection first, always; what the search found in the rest of the library after it (issue 30).
  const { documents, sources } = withSelection(selected, library);
  // "Who were Margaret's parents?", "When did he die?": the people the documents say it means (issue 28).
  const people = await lookupPeopleMeant(clients, {
    userId,
    query: body.query,
    excludeIds: body.excludeDocumentIds,
    documents,
    found: named,
    onError: (err) => deps.logger.warn({ err }, 'people lookup failed; answering without it'),
  });
  const history = conversation?.messages ?? [];
  const capacity = capacityFor(history, plan.estimate);
  if (capacity.level === 'block') throw new HttpError(400, CAPACITY_MESSAGE, { code: 'at_capacity' });
  if (capacity.level === 'warn')
    deps.logger.warn({ ratio: capacity.ratio, conversationId: body.conversationId }, 'conversation near capacity');
  else if (capacity.level === 'log')
    deps.logger.info(
      { ratio: capacity.ratio, conversationId: body.conversationId },
      'conversation above 85% of capacity',
    );

  const bookTitle =
    conversation?.title && !/^Research Session/.test(conversation.title) ? conversation.title : 'Family History Book';
  const bookContext = continuing ?? (plan.requestType === 'book' ? planContext(bookTitle) : undefined);
  const request = buildProviderRequest({ plan, query: body.query, history, documents, people, book: bookContext });
  return { conversation, documents, sources, people, request, bookContext, bookTitle };
}
