import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived tokens scoped to one document and one user, for image URLs (`?token=`): an <img>
 * cannot send an Authorization header, and a session token in a URL ends up in histories and
 * proxies. Format: `v1.<expires, base36 seconds>.<hmac>`, HMAC-SHA256 over document, user, expiry.
 */
const PREFIX = 'v1.';

export function signViewToken(secret: string, documentId: string, userId: string, expiresAtMs: number): string {
  const exp = Math.floor(expiresAtMs / 1000).toString(36);
  return `${PREFIX}${exp}.${mac(secret, documentId, userId, exp)}`;
}

export function isViewToken(token: string): boolean {
  return token.startsWith(PREFIX);
}

/** Whether the token was issued for this document and its owner and has not expired. */
export function verifyViewToken(
  secret: string,
  token: string,
  documentId: string,
  userId: string,
  nowMs = Date.now(),
): boolean {
  if (!isViewToken(token)) return false;
  const [exp, sig] = token.slice(PREFIX.length).split('.');
  if (!exp || !sig || !/^[0-9a-z]+$/.test(exp)) return false;
  if (Number.parseInt(exp, 36) * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(secret, documentId, userId, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mac(secret: string, documentId: string, userId: string, exp: string): string {
  return createHmac('sha256', secret).update(`${documentId}\n${userId}\n${exp}`).digest('base64url');
}

/** The secret: DOCUMENT_URL_SECRET, or one derived from the internal token so every replica agrees. */
export function viewTokenSecret(config: { DOCUMENT_URL_SECRET?: string; INTERNAL_TOKEN: string }): string {
  return (
    config.DOCUMENT_URL_SECRET ||
    createHmac('sha256', config.INTERNAL_TOKEN).update('gnology document url tokens').digest('hex')
  );
}
