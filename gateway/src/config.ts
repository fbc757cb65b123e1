import { env, loadConfig } from '@gnology/platform/config';
import { z } from 'zod';

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: env.port(8080),
  AUTH_URL: z.url().default('http://127.0.0.1:8081'),
  CONVERSATION_URL: z.url().default('http://127.0.0.1:8082'),
  RESEARCH_URL: z.url().default('http://127.0.0.1:8083'),
  DOCUMENTS_URL: z.url().default('http://127.0.0.1:8084'),
  ALBUM_URL: z.url().default('http://127.0.0.1:8085'),
  BILLING_URL: z.url().default('http://127.0.0.1:8086'),
  WEB_DIR: z.string().default('web/dist'),
  /** Shared secret of internal calls (here: asking auth for a user's current token version). */
  INTERNAL_TOKEN: z.string().min(16, { message: 'a shared secret of at least 16 characters' }),
  /** Requests per minute per client IP on the API. */
  RATE_LIMIT_PER_IP: env.int(600),
  /** Requests per minute per signed-in user on the API. */
  RATE_LIMIT_PER_USER: env.int(1200),
  /** Requests per minute per IP on login, register, verify and resend. */
  RATE_LIMIT_AUTH: env.int(20),
  /** Comma-separated origins allowed cross-origin; empty means same-origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Redis for shared rate-limit counters across gateway replicas; in memory when unset. */
  REDIS_URL: env.optionalUrl(),
  /** Upstream timeout: long enough for a 30-minute book request. */
  UPSTREAM_TIMEOUT_MS: env.int(31 * 60_000),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadGatewayConfig(source: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, source);
}
