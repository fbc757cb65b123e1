import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/unique-violation';

function dbError(code: string): pg.DatabaseError {
  const err = new pg.DatabaseError('duplicate key value violates unique constraint "users_email_key"', 0, 'error');
  err.code = code;
  return err;
}

describe('isUniqueViolation', () => {
  it("recognises Postgres's unique violation (SQLSTATE 23505) as the driver throws it", () => {
    expect(isUniqueViolation(dbError('23505'))).toBe(true);
  });

  it('recognises it on any error-shaped object (kysely passes the driver error through)', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
  });

  it('leaves other constraint errors alone: foreign key, not null, check, serialization', () => {
    for (const code of ['23503', '23502', '23514', '40001']) expect(isUniqueViolation(dbError(code))).toBe(false);
  });

  it('is false for things that are not database errors', () => {
    for (const err of [undefined, null, '23505', 23505, new Error('23505'), { code: 23505 }])
      expect(isUniqueViolation(err)).toBe(false);
  });
});
