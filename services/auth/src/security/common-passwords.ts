import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The ~49,000 most common passwords of public breach corpora, as zxcvbn-ts ships them
 * (`@zxcvbn-ts/language-common`). Kept in a Set, lower-cased: the check is case-insensitive,
 * so "Password1" is refused like "password1". Loaded once, on first use (about 1 MB).
 */
let common: Set<string> | undefined;

export const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose a less common password.';

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
