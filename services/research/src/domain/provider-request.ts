import type { IndividualDetail, Message } from '@gnology/contracts';
import type { RequestPlan } from './request';
import { documentBlock, GENE_SYSTEM_PROMPT, historyBudget, trimHistory } from './prompt';
import { peopleBlock } from './people-evidence';
import type { BookContext, ChatTurn, ContextDocument, ProviderRequest } from './model';

/** The model request: Gene's prompt, the documents, the history that fits, and the question. */
export function buildProviderRequest(p: {
  plan: RequestPlan;
  query: string;
  history: Pick<Message, 'type' | 'content'>[];
  documents: ContextDocument[];
  book?: BookContext;
  continuation?: string;
  people?: IndividualDetail[];
}): ProviderRequest {
  const fixedChars =
    GENE_SYSTEM_PROMPT.length +
    p.documents.reduce((n, d) => n + documentBlock(d).length, 0) +
    peopleBlock(p.people ?? []).length +
    p.query.length +
    (p.continuation?.length ?? 0);
  const history: ChatTurn[] = p.history
    .filter((m) => m.content.trim())
    .map((m) => ({ role: m.type, content: m.content }));
  const trimmed = trimHistory(history, historyBudget(fixedChars, p.plan.maxTokens));
  const messages: ChatTurn[] = [...trimmed];
  const last = messages[messages.length - 1];
  // A question whose answer failed is still in the history: fold it into the new turn.
  if (last?.role === 'user') last.content = `${last.content}\n\n${p.query}`;
  else messages.push({ role: 'user', content: p.query });
  return {
    requestType: p.plan.requestType,
    system: GENE_SYSTEM_PROMPT,
    documents: p.documents,
    messages,
    continuation: p.continuation || undefined,
    book: p.book,
    ...(p.people?.length ? { people: p.people } : {}),
    query: p.query,
    maxTokens: p.plan.maxTokens,
    timeoutMs: p.plan.timeoutMs,
    maxRetries: p.plan.maxRetries,
  };
}

/** The messages before a given one (a job rebuilds the history as it was when the question was asked). */
export function historyBefore<T extends { id: string }>(messages: T[], messageId: string | null): T[] {
  if (!messageId) return messages;
  const i = messages.findIndex((m) => m.id === messageId);
  return i < 0 ? messages : messages.slice(0, i);
}
