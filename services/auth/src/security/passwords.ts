import argon2 from 'argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 27 ms per
 * hash on this machine's cores. See docs/decisions/0010-password-hashing.md.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters (upgraded on the next good login). */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the e-mail is unknown, so the answer's timing
 * does not tell an attacker which e-mails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('gnology-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
