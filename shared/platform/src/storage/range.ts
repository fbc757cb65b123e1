import type { ByteRange } from './types';

/** Throws RangeError unless `range` is whole numbers with 0 <= start <= end. */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) throw new RangeError(`invalid byte range start: ${start}`);
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new RangeError(`invalid byte range end: ${end} (start ${start})`);
  }
}

/**
 * Both backends answer a range that starts at or beyond the end of the object the way S3 does
 * (416 Range Not Satisfiable): with this RangeError. An `end` beyond the object is clamped.
 */
export function rangeNotSatisfiable(key: string, range: ByteRange, size?: number): RangeError {
  const of = size === undefined ? '' : ` of ${size} bytes`;
  return new RangeError(`range ${range.start}-${range.end ?? ''} not satisfiable for ${key}${of}`);
}
