import { env, loadConfig } from '@gnology/platform/config';
import { trustedProxiesVar } from '@gnology/platform/http/trust-proxy';
import { commonEnvShape } from '@gnology/platform/service-env';
import { z } from 'zod';

export const gatewayEnvSchema = z.object({
  ...commonEnvShape,
  HOST: z.string().default('0.0.0.0'),
  PORT: env.port(8080),
  WEB_DIR: z.string().default('web/dist'),
  /** Requests per minute per client IP on the API. */
  RATE_LIMIT_PER_IP: env.int(600),
  /** Requests per minute per signed-in user on the API. */
  RATE_LIMIT_PER_USER: env.int(1200),
  /** Requests per minute per IP on login, register, verify and resend. */
  RATE_LIMIT_AUTH: env.int(20),
  /**
   * The front proxies (load balancer, ingress controller) whose X-Forwarded-For is believed.
   * Default none: the client address is the socket's, whatever headers the client sends.
   */
  TRUSTED_PROXIES: trustedProxiesVar(''),
  /** Comma-separated origins allowed cross-origin; empty means same-origin only. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Redis where every gateway process (replicas and workers) shares its rate-limit counters:
   * counted in memory on the hot path, synced every RATE_LIMIT_SYNC_MS (decision 0207). Unset:
   * each process counts on its own.
   */
  REDIS_URL: env.optionalUrl(),
  /** How often rate-limit counters are synced with Redis; a client can exceed its limit by what one interval admits. */
  RATE_LIMIT_SYNC_MS: env.int(250),
  /**
   * Slow clients (decision 0210): a request's headers must all arrive within this (else 408), and a
   * connection that sends no byte within it is closed.
   */
  HEADERS_TIMEOUT_MS: env.int(20_000),
  /**
   * A body must arrive at BODY_MIN_RATE bytes per second at least, measured over each window of
   * BODY_RATE_WINDOW_MS while the gateway reads it, else 408 (decision 0210). A rate, not a total:
   * a 200 MB upload at 1 KB/s would take 57 hours, any real line sends the 20 KB of a window in
   * under a second, and a request that stopped is cut within a window.
   */
  BODY_MIN_RATE: env.int(1024),
  BODY_RATE_WINDOW_MS: env.int(20_000),
  /** Upstream timeout: long enough for a 30-minute book request. */
  UPSTREAM_TIMEOUT_MS: env.int(31 * 60_000),
  /**
   * Gateway processes sharing the port (node:cluster, decision 0196); 1 runs in this process.
   * Rate-limit counters are per process unless REDIS_URL is set (then shared, decision 0207).
   */
  GATEWAY_WORKERS: env.int(1),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, source);
}
