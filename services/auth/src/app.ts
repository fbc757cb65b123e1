import { createServiceApp } from '@gnology/platform/http/service-app';
import { refuseUnsafeDefaults } from '@gnology/platform/production-guard';
import type { ServiceDeps } from '@gnology/platform/runtime';
import type { FastifyInstance } from 'fastify';
import { type AuthConfig, unsafeAuthDefaults } from './config';
import { loadSigningKeys, type SigningKeys } from './keys/key-store';
import { createSessionTokens, type SessionTokens } from './keys/session-tokens';
import { authRoutes } from './routes';
import { createSmsVerifier, type SmsVerifier } from './sms';
import type { AuthDb } from './store/schema';
import { sessionVersionOf } from './store/users';

export type AuthDeps = ServiceDeps<AuthConfig>;

/** What the auth routes share: its own keys and token verifier, the SMS provider, the typed db. */
export interface AuthContext {
  deps: AuthDeps;
  db: AuthDb;
  keys: SigningKeys;
  tokens: SessionTokens;
  sms: SmsVerifier;
}

export async function createAuthContext(deps: AuthDeps, overrides: { sms?: SmsVerifier } = {}): Promise<AuthContext> {
  const db = deps.database.db as AuthDb;
  refuseUnsafeDefaults(deps.config, unsafeAuthDefaults(deps.config));
  const keys = await loadSigningKeys(deps.config);
  deps.logger.info({ kid: keys.kid, source: keys.source, publishedKeys: keys.jwks.keys.length }, 'session signing key loaded');
  const tokens = createSessionTokens(keys, {
    ttl: deps.config.JWT_TTL,
    // The auth service owns both the keys and the versions: it checks them locally, never over HTTP.
    isCurrentVersion: async (userId, tv) => (await sessionVersionOf(db, userId)) === tv,
  });
  const sms = overrides.sms ?? createSmsVerifier(deps.config, deps.logger);
  deps.logger.info({ provider: sms.name }, 'SMS verification provider');
  return { deps, db, keys, tokens, sms };
}

/** The auth service's HTTP app, built from its dependencies (no globals: tests pass their own). */
export async function buildApp(deps: AuthDeps, overrides: { sms?: SmsVerifier } = {}): Promise<FastifyInstance> {
  const ctx = await createAuthContext(deps, overrides);
  const app = createServiceApp({ name: 'auth', logger: deps.logger, checks: deps.checks, queue: deps.queue });
  await app.register(authRoutes, { ctx });
  return app;
}
