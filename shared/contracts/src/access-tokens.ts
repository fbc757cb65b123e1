import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from './auth';

/**
 * Personal access tokens (issue 18, docs/decisions/0190): a secret an integrator's program sends
 * as `Authorization: Bearer gnpat_...` to read the owner's documents. The secret is shown once at
 * creation; only its SHA-256 hash and a short visible prefix are kept.
 */
export const ACCESS_TOKEN_PREFIX = 'gnpat_';
export const ACCESS_TOKEN_SCOPES = ['documents:read'] as const;
export const AccessTokenScope = z.enum(ACCESS_TOKEN_SCOPES, { error: 'The only scope available is documents:read' });
export type AccessTokenScope = z.infer<typeof AccessTokenScope>;
export const ACCESS_TOKEN_NAME_MAX = 80;
/** Live (not revoked) tokens one account may hold. */
export const MAX_LIVE_ACCESS_TOKENS = 20;

export const CreateAccessTokenBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(ACCESS_TOKEN_NAME_MAX, `Name must be at most ${ACCESS_TOKEN_NAME_MAX} characters`),
  scope: AccessTokenScope.default('documents:read'),
  /**
   * The account's password, asked again (issue 29, point 7, decision 0212): a session alone cannot
   * mint a token. Missing is 400 by the schema; a wrong one is 400 `Current password is incorrect`,
   * as `POST /api/users/change-password` answers, and counts toward the same five tries.
   */
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_PASSWORD_LENGTH),
});
export type CreateAccessTokenBody = z.input<typeof CreateAccessTokenBody>;

/** A token as listed: never the secret, only the prefix that lets its owner tell tokens apart. */
export const AccessToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: AccessTokenScope,
  /** The first characters of the secret, e.g. `gnpat_AbC1`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof AccessToken>;

export const AccessTokenList = z.object({ accessTokens: z.array(AccessToken) });
export type AccessTokenList = z.infer<typeof AccessTokenList>;
/** The creation answer: `token` is the secret, shown this once. */
export const CreatedAccessToken = z.object({ token: z.string(), accessToken: AccessToken });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;

/**
 * Gateway → service, on a request made with an access token (issue 29, point 7, decision 0212):
 * unix seconds until which the gateway's answer for that token holds. A file link (view token)
 * handed out in the answer must expire by then, so a revoked token's links stop with the token.
 * It can only shorten a link's life, so a service may take it from any caller.
 */
export const LINKS_UNTIL_HEADER = 'x-gnology-links-until';

/** Gateway → auth: is this secret a live token? (`POST /internal/access-tokens/verify`). */
export const VerifyAccessTokenBody = z.object({ token: z.string().min(1).max(200) });
/** Who the token acts for, and a short-lived session token the services accept as that user. */
export const VerifiedAccessToken = z.object({
  userId: z.string(),
  tokenId: z.string(),
  scope: AccessTokenScope,
  sessionToken: z.string(),
  /** Unix seconds when `sessionToken` expires. */
  sessionExpiresAt: z.number().int(),
});
export type VerifiedAccessToken = z.infer<typeof VerifiedAccessToken>;
