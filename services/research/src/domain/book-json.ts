import type { Manuscript } from './manuscript';

/**
 * The compiled manuscript as stored (decision 0233): JSON, its photo and chart bytes as base64
 * (`{ "$bytes": "…" }`), so an export renders any format from the same compile.
 */
export function encodeManuscript(m: Manuscript): string {
  return JSON.stringify(m, (_key, value) =>
    value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString('base64') } : value,
  );
}

export function decodeManuscript(json: string): Manuscript {
  return JSON.parse(json, (_key, value) =>
    value && typeof value === 'object' && typeof value.$bytes === 'string' && Object.keys(value).length === 1
      ? new Uint8Array(Buffer.from(value.$bytes, 'base64'))
      : value,
  ) as Manuscript;
}
