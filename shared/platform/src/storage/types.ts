import type { Readable } from 'node:stream';

/** A stored object's metadata. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType?: string;
  lastModified?: Date;
}

/** An inclusive byte range, as HTTP Range headers express it. `end` omitted = to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Object storage: MinIO/S3 in production (`S3_ENDPOINT`), files under `.data/objects` embedded.
 * Bodies are streams end to end: nothing here buffers a whole object in memory.
 */
export interface ObjectStorage {
  readonly backend: 's3' | 'local';
  /** Stores a stream (or small buffer) under `key`; resolves once it is durable. */
  put(key: string, body: Readable | Buffer, opts?: { contentType?: string; size?: number }): Promise<ObjectInfo>;
  /** Reads an object, or a byte range of it. Throws ObjectNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Metadata. Throws ObjectNotFoundError when absent. */
  stat(key: string): Promise<ObjectInfo>;
  /** Deletes one object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Throws when the backend cannot be reached (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'OBJECT_NOT_FOUND';
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}
