import { HttpError } from '@gnology/platform/http/errors';
import type { FastifyReply } from 'fastify';
import type { DocumentsDeps } from '../../context';
import { hitWorkLimit } from '../store/work-limits';

const HOUR_MS = 60 * 60_000;

/** Work a user may ask for at most so often (decision 0215): uploads and "Read again". */
export type LimitedWork = 'upload' | 'reprocess';

const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** What a user reads past a limit: what was limited, the limit, and when to come back. */
export function workLimitMessage(work: LimitedWork, limit: number, retryMinutes: number): string {
  const back = `Please try again in ${minutes(retryMinutes)}.`;
  return work === 'upload'
    ? `Too many uploads: you can upload ${limit} ${limit === 1 ? 'file' : 'files'} an hour. ${back}`
    : `Too many Read again requests: you can ask for ${limit} an hour. ${back}`;
}

/**
 * Counts one request of `work` for the user and refuses it past the hourly limit: 429 with
 * `retry-after` (seconds) and a message that says when the window ends. The count is kept in
 * Postgres (store/work-limits.ts), so every replica sees the same; a refused request counts too.
 */
export async function takeWorkSlot(
  deps: Pick<DocumentsDeps, 'database' | 'config'>,
  work: LimitedWork,
  userId: string,
  reply: FastifyReply,
): Promise<void> {
  const limit = work === 'upload' ? deps.config.DOCUMENTS_UPLOADS_PER_HOUR : deps.config.DOCUMENTS_READ_AGAIN_PER_HOUR;
  const { count, resetAt } = await hitWorkLimit(deps.database.db, `${work}:${userId}`, HOUR_MS);
  if (count <= limit) return;
  const waitMs = Math.max(1000, resetAt.getTime() - Date.now());
  reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  throw new HttpError(429, workLimitMessage(work, limit, Math.max(1, Math.ceil(waitMs / 60_000))), {
    code: 'too_many_requests',
  });
}
