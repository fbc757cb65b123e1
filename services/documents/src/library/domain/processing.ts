/**
 * Processing failures a user can act on. A `PermanentProcessingError` (unreadable, too large,
 * damaged) fails the document at once: retrying cannot fix the file. Anything else is retried
 * (three tries with backoff) and, on the last try, reported with a generic readable message.
 */
export class PermanentProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentProcessingError';
  }
}

export const MAX_ERROR_LENGTH = 300;

/** A message short enough for a list row and free of stack traces and paths. */
export function readableError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const firstLine = raw
    .split('\n')[0]!
    .replace(/\s+/g, ' ')
    .replace(/(?:\/[\w.@-]+){2,}/g, '…')
    .trim();
  const message =
    err instanceof PermanentProcessingError ? firstLine : `Processing failed: ${firstLine || 'unknown error'}`;
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}
