/** Postgres's SQLSTATE for a unique (or primary key) constraint that refused a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when `err` is Postgres refusing a duplicate: the caller lost a race to insert the same
 * key and answers from the row that won (or as a conflict). Anything else is not ours to swallow.
 */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}
