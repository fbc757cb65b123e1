import { ProviderError } from '../domain/model';

/** The caller's signal, plus the request's own deadline (the SDK's timeout ends at the response headers). */
export function deadlineSignal(parent: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('deadline'));
  }, timeoutMs);
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    parentAborted: () => parent.aborted,
    dispose() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/**
 * An SDK error (Anthropic's or OpenAI's: both come from the same generator and share
 * `status`, `error` and the error class names) as a ProviderError with status and type.
 */
export function toProviderError(err: unknown, deadline: { timedOut: boolean; parentAborted(): boolean }): Error {
  if (err instanceof ProviderError || err instanceof AbortedError) return err;
  if (deadline.timedOut) return new ProviderError('request timed out', 408, 'timeout_error');
  const e = err as {
    name?: string;
    status?: number;
    type?: string | null;
    error?: unknown;
    message?: string;
    constructor?: { name?: string };
  };
  const className = e?.constructor?.name ?? e?.name ?? '';
  if (className === 'APIConnectionTimeoutError') return new ProviderError('request timed out', 408, 'timeout_error');
  if (deadline.parentAborted() || className === 'APIUserAbortError' || e?.name === 'AbortError')
    return new AbortedError();
  const body = e?.error as { type?: string; error?: { type?: string }; code?: string } | undefined;
  const type =
    e?.type ?? body?.error?.type ?? (body?.type !== 'error' ? body?.type : undefined) ?? body?.code ?? undefined;
  if (typeof e?.status === 'number' || type)
    return new ProviderError(e?.message ?? 'provider error', e?.status, type ?? undefined);
  if (className === 'APIConnectionError')
    return new ProviderError(e?.message ?? 'connection error', 503, 'connection_error');
  return new ProviderError(e?.message ?? String(err), undefined, undefined);
}
