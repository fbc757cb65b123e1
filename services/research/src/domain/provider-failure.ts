import { researchErrorMessage } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { ProviderError } from './model';

/** A provider failure as the error the user sees: the spec's message, and a status that is safe to send. */
export function providerFailure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const status = err instanceof ProviderError ? err.status : undefined;
  const type = err instanceof ProviderError ? err.type : undefined;
  const message = researchErrorMessage(status, type);
  // A 401/403 from the provider is about our key, not the user's session: never make the web sign
  // out. Server-side failures answer 503, the one 5xx status whose message reaches the user.
  const safeStatus = status && status >= 400 && status < 500 && status !== 401 && status !== 403 ? status : 503;
  return new HttpError(safeStatus, message, {
    code: 'provider_error',
    providerStatus: status ?? null,
    providerType: type ?? null,
  });
}
