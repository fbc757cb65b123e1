/** The issuer every GNology session token carries; anything else is refused. */
export const JWT_ISSUER = 'gnology-auth';
export const JWT_AUDIENCE = 'gnology';

/** What a verified session token tells a service about its caller. */
export interface AuthUser {
  id: string;
  email: string;
  name?: string;
  /** Phone verified: unverified accounts may sign in but protected APIs answer 403. */
  verified: boolean;
  /** Token version: bumped on password change so older sessions stop working. */
  tokenVersion: number;
  /** Token id, for audit and revocation lists. */
  jti?: string;
  expiresAt: number;
}
