/**
 * Object keys are `/`-separated paths. Both backends accept exactly the same keys, so code that
 * works on the embedded disk backend cannot fail in production on a key S3 would refuse (or the
 * other way round), and the disk backend can map keys to files without ever leaving its root.
 *
 * Do not store an object at a key that is also the "folder" of other keys (`a` and `a/b`):
 * AWS S3 allows it, but MinIO and other file-backed servers (S3Proxy, the test server) refuse
 * the second write. Give originals a file name instead (`doc/original.pdf`, `doc/pages/1.png`).
 */

const MAX_KEY_BYTES = 1024; // S3's limit on a key's UTF-8 length.
// A segment becomes a file name plus a suffix of at most 10 bytes; most file systems cap names at 255.
const MAX_ENCODED_SEGMENT_BYTES = 240;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class InvalidObjectKeyError extends Error {
  readonly code = 'INVALID_OBJECT_KEY';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/**
 * Throws InvalidObjectKeyError unless `key` is non-empty, relative, valid UTF-8 without NUL,
 * and made of segments that are neither empty, `.` nor `..` (and not absurdly long).
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(String(key), 'empty');
  if (key.includes('\0')) throw new InvalidObjectKeyError(key, 'contains NUL');
  if (LONE_SURROGATE.test(key)) throw new InvalidObjectKeyError(key, 'not valid UTF-8');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES)
    throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  if (key.startsWith('/')) throw new InvalidObjectKeyError(key, 'absolute');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidObjectKeyError(key, 'empty path segment (`//` or trailing `/`)');
    if (segment === '.' || segment === '..') throw new InvalidObjectKeyError(key, `"${segment}" segment`);
    if (encodeKeySegment(segment).length > MAX_ENCODED_SEGMENT_BYTES)
      throw new InvalidObjectKeyError(key, 'a path segment is too long');
  }
}

/** deletePrefix('') would wipe the whole store: almost certainly a bug in the caller, so it is refused. */
export function assertDeletablePrefix(prefix: string): void {
  if (typeof prefix !== 'string' || prefix.length === 0) {
    throw new InvalidObjectKeyError(String(prefix), 'deletePrefix needs a non-empty prefix');
  }
}

/**
 * A key segment as a file name: only [A-Za-z0-9._-] stay as they are, every other byte becomes
 * %XX. The result never contains `/` or `~`, so the disk backend can use `~` for its own suffixes.
 */
export function encodeKeySegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Inverse of encodeKeySegment; undefined for names it could not have produced. */
export function decodeKeySegment(name: string): string | undefined {
  if (!/^[A-Za-z0-9._%-]+$/.test(name)) return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return undefined;
  }
}

/** Orders keys as S3 lists them: by their UTF-8 bytes (JS string order differs beyond the BMP). */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
