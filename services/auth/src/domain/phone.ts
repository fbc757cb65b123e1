import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Normalises a typed phone number to E.164 ("+15551234567"). The sign-up form formats 10 US
 * digits as "(555) 123-4567", so a number without a country code is read as US; numbers with
 * a leading + keep their own country. Only the length is checked ("possible", not "valid"):
 * number plans change faster than bundled metadata, and the SMS provider has the last word.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 32) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  if (!parsed?.isPossible()) return null;
  return parsed.number;
}

/** Whether a normalised (E.164) number belongs to one of the allowed country calling codes. */
export function isAllowedCallingCode(e164: string, allowed: readonly string[]): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  return Boolean(parsed && allowed.includes(parsed.countryCallingCode));
}

/**
 * The number less its last 4 digits: for NANP the area code and exchange (+1 555 123), a block
 * of 10,000 numbers. SMS pumping walks such blocks, so codes are also limited per prefix.
 */
export function numberPrefix(e164: string): string {
  return e164.slice(0, Math.max(2, e164.length - 4));
}
