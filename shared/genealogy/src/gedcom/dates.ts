import { dualYearText } from '../citation/dates';
import type { GedcomDateInput, GedcomVersion } from './model';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export interface GedcomDateValue {
  /** The DATE payload: "14 JUN 1887", "ABT 1850", "BET 1849 AND 1850", "1749/50" (5.5.1). */
  value: string;
  /** GEDCOM 7 has no dual years: the date is the modern year and the phrase says how it was written. */
  phrase?: string;
}

/** "1887-06-14" → "14 JUN 1887"; null when it is not a normalized date. */
function datePart(normalized: string, calendar: string): { text: string; year: number } | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(normalized.trim());
  if (!m) return null;
  const month = m[2] ? MONTHS[Number(m[2]) - 1] : undefined;
  if (m[2] && !month) return null;
  const parts = [m[3] && month ? String(Number(m[3])) : '', month ?? '', m[1]!].filter(Boolean).join(' ');
  return { text: `${calendar}${parts}`, year: Number(m[1]) };
}

/** A normalized date as a GEDCOM date value, or null when it cannot be one (the writer then leaves DATE out). */
export function gedcomDate(d: GedcomDateInput, version: GedcomVersion): GedcomDateValue | null {
  const julian = d.calendar === 'julian' && d.qualifier !== 'dual_year';
  const calendar = julian ? (version === '5.5.1' ? '@#DJULIAN@ ' : 'JULIAN ') : '';
  const [start = '', end] = d.normalized.split('/');
  if (end !== undefined) {
    const a = datePart(start, calendar);
    const b = datePart(end, calendar);
    return a && b ? { value: `BET ${a.text} AND ${b.text}` } : null;
  }
  const p = datePart(start, calendar);
  if (!p) return null;
  switch (d.qualifier) {
    case 'about':
      return { value: `ABT ${p.text}` };
    case 'before':
      return { value: `BEF ${p.text}` };
    case 'after':
      return { value: `AFT ${p.text}` };
    case 'dual_year': {
      const dual = p.text.replace(/\d{4}$/, dualYearText(p.year));
      return version === '5.5.1' ? { value: dual } : { value: p.text, phrase: dual };
    }
    default:
      return { value: p.text };
  }
}

/** The export's own date (HEAD DATE): "24 NOV 2026". */
export function gedcomToday(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
