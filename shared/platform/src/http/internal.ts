import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Service-to-service calls (research → billing, research → documents, ...) go to `/internal/*`
 * routes, which the gateway never proxies, and carry a shared secret in `x-internal-token`.
 */
export const INTERNAL_HEADER = 'x-internal-token';

export function requireInternal(secret: string) {
  const expected = Buffer.from(secret);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(String(req.headers[INTERNAL_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(404).send({ error: 'Not found' });
    }
  };
}

/** Calls another service's internal route; non-2xx answers become HttpErrors with its message. */
export async function internalCall<T>(
  baseUrl: string,
  path: string,
  opts: {
    secret: string;
    method?: string;
    body?: unknown;
    requestId?: string;
    timeoutMs?: number;
    signal?: AbortSignal;
  },
): Promise<T> {
  const headers: Record<string, string> = { [INTERNAL_HEADER]: opts.secret };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.requestId) headers['x-request-id'] = opts.requestId;
  const signal = opts.signal ?? AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  let res: Response;
  try {
    res = await fetch(new URL(path, baseUrl), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (e) {
    throw new HttpError(503, `internal call to ${new URL(path, baseUrl).host} failed: ${(e as Error).message}`);
  }
  const text = await res.text();
  const data = text ? JSON.parse(text) : {};
  if (!res.ok) throw new HttpError(res.status, String(data.error ?? `internal call failed (${res.status})`), data);
  return data as T;
}
