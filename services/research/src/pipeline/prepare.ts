import { CAPACITY_MESSAGE, type Conversation, type Message, type ResearchBody } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { newObjectId } from '@gnology/platform/ids';
import { nextBookContext, planContext } from '../domain/book';
import { capacityFor, isContinueRequest, planRequest, type RequestPlan } from '../domain/request';
import type { BookContext, ContextDocument } from '../providers/types';
import { activeProject, createProject, toState } from '../store/book-projects';
import type { ResearchRuntime } from './runtime';

export interface PreparedRequest {
  requestId: string;
  userId: string;
  query: string;
  documentIds: string[];
  conversation: Conversation | null;
  documents: ContextDocument[];
  plan: RequestPlan;
  book?: { projectId: string; context: BookContext };
  userMessageId: string | null;
  /** Resolves once the user's message is saved (before the answer is). */
  userMessageSaved: Promise<Message | null>;
  startedAt: number;
}

/**
 * Everything before the model call, in the order that leaves nothing behind on refusal:
 * read the conversation (owner-checked) and the documents (this user's only), plan the request,
 * check capacity, reserve tokens with billing, and only then save the user's message.
 */
export async function prepareRequest(rt: ResearchRuntime, userId: string, body: ResearchBody, requestId: string): Promise<PreparedRequest> {
  const { deps } = rt;
  const clients = rt.clients(requestId);
  const startedAt = Date.now();
  const reservationId = newObjectId();
  // "continue" needs the user's book first (it decides the request type); everything else runs at once.
  const project = isContinueRequest(body.query) ? await activeProject(deps.database.db, userId) : undefined;
  const continuing = project ? nextBookContext(toState(project)) : null;
  const plan = planRequest(body.query, body.requestType, { maxRetries: deps.config.LLM_MAX_RETRIES, continuesBook: continuing ? 'book' : undefined });

  const [conversationResult, documentsResult, reservationResult] = await Promise.allSettled([
    body.conversationId ? clients.conversation(userId, body.conversationId) : Promise.resolve(null),
    clients.documents(userId, body.documentIds),
    clients.reserve(userId, reservationId, plan.estimate),
  ]);
  const release = () => clients.release(reservationId).catch(() => {});
  if (reservationResult.status === 'rejected') throw reservationResult.reason;
  const reservation = reservationResult.value;
  try {
    if (conversationResult.status === 'rejected') throw conversationResult.reason;
    if (documentsResult.status === 'rejected') throw documentsResult.reason;
    const conversation = conversationResult.value;
    const documents = documentsResult.value;

    const history = conversation?.messages ?? [];
    const capacity = capacityFor(history, plan.estimate);
    if (capacity.level === 'block') throw new HttpError(400, CAPACITY_MESSAGE, { code: 'at_capacity' });
    if (capacity.level === 'warn') deps.logger.warn({ ratio: capacity.ratio, conversationId: body.conversationId }, 'conversation near capacity');
    else if (capacity.level === 'log') deps.logger.info({ ratio: capacity.ratio, conversationId: body.conversationId }, 'conversation above 85% of capacity');
    if (reservation.remaining < 5_000) deps.logger.info({ userId, remaining: reservation.remaining }, 'token balance under 5,000');

    let book: PreparedRequest['book'];
    if (continuing && project) book = { projectId: project.id, context: continuing };
    else if (plan.requestType === 'book') {
      const created = await createProject(deps.database.db, userId, conversation?.title && !/^Research Session/.test(conversation.title) ? conversation.title : 'Family History Book');
      book = { projectId: created.id, context: planContext(created.title) };
    }
    const saveUserMessage = () =>
      conversation
        ? clients.saveMessage(userId, conversation.id, {
            type: 'user',
            content: body.query,
            requestType: plan.requestType,
            documents: body.documentIds.length ? body.documentIds : null,
          })
        : Promise.resolve(null);
    // A regular answer starts streaming while the question is saved (time to first token);
    // a job needs the saved message's id to rebuild the history in any worker.
    const userMessage = plan.asJob ? await saveUserMessage() : null;
    const userMessageSaved = plan.asJob ? Promise.resolve(userMessage) : saveUserMessage();
    userMessageSaved.catch(() => {});
    return {
      requestId: reservationId,
      userId,
      query: body.query,
      documentIds: body.documentIds,
      conversation,
      documents,
      plan,
      book,
      userMessageId: userMessage?.id ?? null,
      userMessageSaved,
      startedAt,
    };
  } catch (e) {
    await release();
    throw e;
  }
}
