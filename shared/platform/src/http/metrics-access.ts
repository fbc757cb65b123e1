import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Who may read /metrics (issue 11, point 7): with METRICS_TOKEN set, whoever sends it as a bearer
 * token (Prometheus' `authorization` credentials); without it, only a peer on this host — judged
 * by the socket, never by a forwarded header. Everyone else gets the same 404 as any unknown path,
 * so the gateway's public port does not hand out process and queue figures.
 */
export function canReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = req.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return isLoopback(req.socket.remoteAddress);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
