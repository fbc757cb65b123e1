import type { BookTrim } from '../../domain/manuscript';

/** Page size and margins in PDF points (1/72 in). Inner margins are wider for the binding. */
export interface Geometry {
  width: number;
  height: number;
  top: number;
  bottom: number;
  inner: number;
  outer: number;
  bodySize: number;
  leading: number;
}

export function geometry(trim: BookTrim): Geometry {
  switch (trim) {
    case 'a4':
      return { width: 595.28, height: 841.89, top: 72, bottom: 72, inner: 76, outer: 62, bodySize: 11, leading: 15.5 };
    case 'letter':
      return { width: 612, height: 792, top: 72, bottom: 72, inner: 78, outer: 64, bodySize: 11, leading: 15.5 };
    default:
      // 6×9 in trade paperback, the usual size of a family history book.
      return { width: 432, height: 648, top: 58, bottom: 56, inner: 63, outer: 45, bodySize: 10.5, leading: 14.5 };
  }
}
