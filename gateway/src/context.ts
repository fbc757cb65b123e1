import { type TokenVerifier, createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createTokenVersionCheck } from '@gnology/platform/auth/token-versions';
import type { Logger } from '@gnology/platform/logger';
import { Redis } from 'ioredis';
import { type AccessTokenCheck, createAccessTokenCheck } from './clients/access-tokens';
import type { GatewayConfig } from './config';
import type { SyncedCountersOptions } from './hot-path/synced-rate-limit-store';
import { type Upstream, upstreamUrls } from './routes-table';

/**
 * What the gateway's routes and hot-path hooks use. The gateway has no database, queue or bus:
 * its dependencies are its configuration, its logger, how it checks sessions and access tokens,
 * and where each service lives.
 */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Checks session tokens (signature, expiry and, in production, the user's token version). */
  verifier: TokenVerifier;
  /** Checks personal access tokens with auth. */
  accessTokens: AccessTokenCheck;
  /** Each service's base URL, by the name routes-table.ts uses. */
  upstreams: Record<Upstream, string>;
  /** Called when a user's password change went through here, to drop cached token versions. */
  onPasswordChanged?: (userId: string) => void;
  /**
   * Redis for rate-limit counters shared across replicas and workers (decision 0207), made from
   * REDIS_URL; the app closes it. Unset: counters per process.
   */
  rateLimitRedis?: Redis;
  /** Tests: a key prefix of their own, a clock they move, a shorter sync interval. */
  rateLimitSync?: Partial<Pick<SyncedCountersOptions, 'prefix' | 'now' | 'syncIntervalMs'>>;
}

/**
 * The gateway's dependencies from its configuration: a session verifier over auth's JWKS that asks
 * auth for token versions (cached briefly), and the access-token check over HTTP. Tests pass their
 * own verifier (or access-token check) as overrides.
 */
export function createGatewayContext(
  config: GatewayConfig,
  logger: Logger,
  overrides: Partial<Omit<GatewayDeps, 'config' | 'logger'>> = {},
): GatewayDeps {
  let verifier = overrides.verifier;
  let onPasswordChanged = overrides.onPasswordChanged;
  if (!verifier) {
    const versions = createTokenVersionCheck({
      authUrl: config.AUTH_URL,
      internalToken: config.INTERNAL_TOKEN,
      logger,
    });
    verifier = createTokenVerifier({
      jwksUrl: `${config.AUTH_URL}/api/auth/.well-known/jwks.json`,
      isCurrentVersion: versions.isCurrentVersion,
    });
    onPasswordChanged ??= versions.forget;
  }
  const accessTokens =
    overrides.accessTokens ??
    createAccessTokenCheck({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN, logger });
  // A password change revokes the user's access tokens in auth (decision 0212): their cached answers go too.
  const versionsForget = onPasswordChanged;
  return {
    config,
    logger,
    verifier,
    accessTokens,
    upstreams: overrides.upstreams ?? upstreamUrls(config),
    onPasswordChanged: (userId) => {
      versionsForget?.(userId);
      accessTokens.forgetUser(userId);
    },
    rateLimitRedis: overrides.rateLimitRedis ?? (config.REDIS_URL ? rateLimitRedis(config.REDIS_URL) : undefined),
    rateLimitSync: overrides.rateLimitSync,
  };
}

/**
 * A client that never makes a request wait: it connects on first use, fails a command at once
 * while disconnected instead of queueing it, and gives up on a slow one after a second.
 */
export function rateLimitRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    connectionName: 'gnology-gateway-rate-limit',
  });
}
