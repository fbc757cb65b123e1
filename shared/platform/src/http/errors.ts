/** An error whose message is safe to show the user, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required', extra?: Record<string, unknown>) =>
  new HttpError(401, message, extra);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new HttpError(403, message, extra);
/** Also used for resources owned by someone else: their existence is not revealed. */
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string) => new HttpError(429, message);
