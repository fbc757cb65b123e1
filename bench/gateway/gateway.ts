// The real gateway (buildGateway) in front of the bench upstream, verifying real EdDSA tokens.
// GATEWAY_WORKERS > 1: that many processes share the port through node:cluster, as main.ts does.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
const { buildGateway } = (await import(
  process.env.BENCH_GATEWAY_APP ?? '../../gateway/src/app'
)) as typeof import('../../gateway/src/app');
import { gatewayEnvSchema } from '../../gateway/src/config';
// A baseline checkout (ab.ts) with a context of its own builds its deps with it.
const baselineContext = process.env.BENCH_GATEWAY_APP?.replace(/app\.ts$/, 'context.ts');
const { createGatewayContext } = (await import(
  baselineContext && existsSync(baselineContext) ? baselineContext : '../../gateway/src/context'
)) as typeof import('../../gateway/src/context');
import { createTokenVerifier } from '../../shared/platform/src/auth/token-verifier';
import { createLogger } from '../../shared/platform/src/logger';
import './cpu-probe';

const workers = Number(process.env.GATEWAY_WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) {
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let listening = 0;
  for (let i = 0; i < workers; i++)
    cluster.fork().once('listening', () => ++listening === workers && process.send?.('ready'));
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
    process.exit(0);
  });
} else {
  const upstream = `http://127.0.0.1:${process.env.UPSTREAM_PORT ?? 19181}`;
  const config = gatewayEnvSchema.parse({
    AUTH_URL: upstream,
    CONVERSATION_URL: upstream,
    RESEARCH_URL: upstream,
    DOCUMENTS_URL: upstream,
    ALBUM_URL: upstream,
    BILLING_URL: upstream,
    RATE_LIMIT_PER_USER: '100000000',
    RATE_LIMIT_PER_IP: '100000000',
    LOG_LEVEL: 'warn',
    INTERNAL_TOKEN: 'bench-internal-token-0123456789',
    // Rate-limit counters shared through this Redis (decision 0207); unset: per process.
    REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
  });
  const jwks = JSON.parse(process.env.BENCH_JWKS ?? '{}');
  const logger = createLogger({ service: 'gateway', level: 'warn' });
  const verifier = createTokenVerifier({ jwks });
  // A baseline checkout (ab.ts) from before the gateway had a context takes its deps as they are.
  // A baseline from before 0207 with REDIS_URL: its plugin takes the client itself (a round trip per request).
  const deps =
    !process.env.BENCH_GATEWAY_APP || (baselineContext && existsSync(baselineContext))
      ? createGatewayContext(config, logger, { verifier })
      : config.REDIS_URL
        ? createGatewayContext(config, logger, {
            verifier,
            rateLimitRedis: new (await import('ioredis')).Redis(config.REDIS_URL),
          })
        : ({ config, logger, verifier } as Parameters<typeof buildGateway>[0]);
  const app = await buildGateway(deps);
  await app.listen({ port: Number(process.env.PORT ?? 19180), host: '127.0.0.1' });
  if (cluster.isPrimary) process.send?.('ready');
}
