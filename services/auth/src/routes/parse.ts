import { badRequest } from '@gnology/platform/http/errors';
import type { z } from 'zod';

/**
 * Validates a body with its contract schema and answers 400 with the first problem as a plain
 * sentence ("Password must be at least 6 characters long"): these messages are shown to users
 * as they are, so they carry no field-path prefix. `alsoAsMessage` repeats it in `message`
 * for the routes whose clients read that field (change-password, spec section 7).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, opts: { alsoAsMessage?: boolean } = {}): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'Invalid request';
  throw badRequest(message, opts.alsoAsMessage ? { message } : undefined);
}
