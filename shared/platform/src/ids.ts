import { randomBytes } from 'node:crypto';

/**
 * 24-character lowercase hex ids (4 bytes of seconds, 8 random bytes), the form the spec's
 * document references take inside answers. Time-ordered, so indexes stay compact.
 */
export function newObjectId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;
