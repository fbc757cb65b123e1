import { refuseUnsafeDefaults } from '@gnology/platform/production-guard';
import type { ServiceDeps } from '@gnology/platform/runtime';
import { type AuthConfig, unsafeAuthDefaults } from './config';
import { loadSigningKeys, type SigningKeys } from './keys/key-store';
import { createSessionTokens, type SessionTokens } from './keys/session-tokens';
import { createSmsVerifier, type SmsVerifier } from './sms';
import type { AuthDb } from './store/schema';
import { sessionVersionOf } from './store/users';

/** What runService hands the auth service (its app, jobs and consumers): the platform's dependencies with auth's config. */
export type AuthPlatformDeps = ServiceDeps<AuthConfig>;

/**
 * What auth's routes and use cases use: the platform's dependencies plus the typed db, the
 * service's own signing keys and session tokens, and the SMS provider.
 */
export type AuthDeps = AuthPlatformDeps & {
  db: AuthDb;
  keys: SigningKeys;
  tokens: SessionTokens;
  sms: SmsVerifier;
};

export interface AuthOverrides {
  /** Tests pass their own SMS provider (a fake Twilio over HTTP). */
  sms?: SmsVerifier;
}

/**
 * Adds auth's own pieces to the platform's dependencies. Async: the signing keys are read (or
 * made) first, and production refuses to start on the embedded development defaults.
 */
export async function createAuthContext(deps: AuthPlatformDeps, overrides: AuthOverrides = {}): Promise<AuthDeps> {
  const db = deps.database.db as AuthDb;
  refuseUnsafeDefaults(deps.config, unsafeAuthDefaults(deps.config));
  const keys = await loadSigningKeys(deps.config);
  deps.logger.info(
    { kid: keys.kid, source: keys.source, publishedKeys: keys.jwks.keys.length },
    'session signing key loaded',
  );
  const tokens = createSessionTokens(keys, {
    ttl: deps.config.JWT_TTL,
    // The auth service owns both the keys and the versions: it checks them locally, never over HTTP.
    isCurrentVersion: async (userId, tv) => (await sessionVersionOf(db, userId)) === tv,
  });
  const sms = overrides.sms ?? createSmsVerifier(deps.config, deps.logger);
  deps.logger.info({ provider: sms.name }, 'SMS verification provider');
  return { ...deps, db, keys, tokens, sms };
}
