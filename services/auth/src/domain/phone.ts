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
