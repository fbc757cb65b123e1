/** The registration form's input rules (docs/contract.md#validation). */

/** Digits only, at most 10, shown as (xxx) xxx-xxxx while typing (at most 14 characters). */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Letters, digits and hyphens, upper case, at most 20 characters; may be empty. */
export function filterPromoCode(input: string): string {
  return input
    .replace(/[^A-Za-z0-9-]/g, '')
    .toUpperCase()
    .slice(0, 20);
}

/** Digits only, at most 6. */
export function filterVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

export function isCompletePhone(formatted: string): boolean {
  return formatted.replace(/\D/g, '').length === 10;
}

/** `plan` query parameter: monthly or yearly, anything else means no plan. */
export function planFromQuery(value: string | null): 'monthly' | 'yearly' | null {
  return value === 'monthly' || value === 'yearly' ? value : null;
}
