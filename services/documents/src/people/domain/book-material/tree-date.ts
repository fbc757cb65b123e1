import type { BookDate } from './types';

/*
 * A date as an imported tree wrote it ("29 MAY 1917", "ABT 1850", "BET 1849 AND 1850", "1731/32")
 * as the book states it. Anything else (another calendar, a phrase) is null: the book says no
 * date rather than a wrong one, and the note still cites the record.
 */

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "29 MAY 1917" → "1917-05-29"; "MAY 1917" → "1917-05"; "1917" → "1917"; null when it is not such a date. */
function day(text: string): { normalized: string; dual: boolean } | null {
  const m = /^(?:(?:(\d{1,2}) )?([A-Z]{3}) )?(\d{3,4})(?:\/(\d{2}))?$/.exec(text.trim().toUpperCase());
  if (!m) return null;
  const month = m[2] ? MONTHS.indexOf(m[2]) + 1 : 0;
  if (m[2] && month === 0) return null;
  const dual = !!m[4];
  const year = dual ? `${m[3]!.slice(0, -2)}${m[4]}` : m[3]!.padStart(4, '0');
  const dd = m[1] ? Number(m[1]) : 0;
  if (dd > 31) return null;
  const parts = [year, month ? String(month).padStart(2, '0') : null, dd ? String(dd).padStart(2, '0') : null];
  return { normalized: parts.filter(Boolean).join('-'), dual };
}

export function bookDateOfTree(written: string | null): BookDate | null {
  if (!written) return null;
  const t = written
    .replace(/\s+/g, ' ')
    .replace(/@#DGREGORIAN@ /i, '')
    .trim()
    .toUpperCase();
  const between = /^BET (.+) AND (.+)$/.exec(t);
  if (between) {
    const a = day(between[1]!);
    const b = day(between[2]!);
    return a && b ? { normalized: `${a.normalized}/${b.normalized}`, qualifier: 'between' } : null;
  }
  const q = /^(ABT|CAL|EST|BEF|AFT) (.+)$/.exec(t);
  const d = day(q ? q[2]! : t);
  if (!d) return null;
  if (q) return { normalized: d.normalized, qualifier: q[1] === 'BEF' ? 'before' : q[1] === 'AFT' ? 'after' : 'about' };
  return { normalized: d.normalized, qualifier: d.dual ? 'dual_year' : 'exact' };
}
