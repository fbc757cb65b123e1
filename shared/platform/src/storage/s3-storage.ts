import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import * as Minio from 'minio';
import type { Logger } from '../logger';
import { assertDeletablePrefix, assertValidKey, compareKeys } from './keys';
import { assertValidRange, rangeNotSatisfiable } from './range';
import { type ByteRange, ObjectNotFoundError, type ObjectInfo, type ObjectStorage } from './types';

// The only file that imports minio: everything else sees ObjectStorage.

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 or https://s3.eu-west-1.amazonaws.com */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region?: string;
  bucket: string;
  logger?: Logger;
  /**
   * Multipart part size (min 5 MiB). A streamed upload holds one part in memory, so this bounds
   * upload memory; S3 allows 10,000 parts, so 8 MiB (the default) allows objects up to 80 GiB.
   */
  partSize?: number;
  /** Path-style URLs (http://host/bucket/key), as MinIO and S3Proxy expect. Default true. */
  pathStyle?: boolean;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MAX_PARTS = 10_000; // S3's limit per multipart upload.
const DELETE_BATCH = 1000; // S3's limit per DeleteObjects request.
const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound']);

export class S3ObjectStorage implements ObjectStorage {
  readonly backend = 's3' as const;
  readonly bucket: string;
  private readonly client: Minio.Client;
  private readonly agent: http.Agent;
  private readonly region: string;
  private readonly logger?: Logger;
  private readonly partSize: number;
  private ready?: Promise<void>;

  constructor(opts: S3StorageOptions) {
    const url = new URL(opts.endpoint);
    const useSSL = url.protocol === 'https:';
    // Our own keep-alive agent, so close() can release its sockets.
    this.agent = useSSL ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    this.region = opts.region ?? 'us-east-1';
    this.bucket = opts.bucket;
    this.logger = opts.logger;
    this.partSize = opts.partSize ?? DEFAULT_PART_SIZE;
    this.client = new Minio.Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
      region: this.region,
      pathStyle: opts.pathStyle ?? true,
      partSize: this.partSize,
      transportAgent: this.agent,
    });
  }

  /** Creates the bucket if it is missing. Runs once; every operation awaits it. */
  init(): Promise<void> {
    this.ready ??= this.ensureBucket().catch((err) => {
      this.ready = undefined; // let a later call retry (e.g. the server was still starting)
      throw err;
    });
    return this.ready;
  }

  async put(
    key: string,
    body: Readable | Buffer,
    opts: { contentType?: string; size?: number } = {},
  ): Promise<ObjectInfo> {
    assertValidKey(key);
    await this.init();
    const contentType = opts.contentType ?? DEFAULT_CONTENT_TYPE;
    const headers = { 'Content-Type': contentType };
    if (Buffer.isBuffer(body)) {
      assertDeclaredSize(key, opts.size, body.length);
      await this.client.putObject(this.bucket, key, body, body.length, headers);
      return { key, size: body.length, contentType };
    }
    const size = await this.putStream(key, body, headers, opts.size);
    return { key, size, contentType };
  }

  /**
   * Streams `body` up in parts of `partSize` through one reused buffer, so an upload holds about
   * one part in memory whatever the object's size, known or not. A body shorter than one part
   * goes up as a single PUT. On any failure (body error, size mismatch, server error) the
   * multipart upload is aborted: nothing becomes visible and no parts are left behind.
   *
   * minio's own putObject(stream) is not used because it first lists the bucket's incomplete
   * uploads to "resume" one for the same key (possibly another writer's), buffers up to three
   * parts, and hangs rather than rejects when the body stream fails.
   */
  private async putStream(
    key: string,
    body: Readable,
    headers: Record<string, string>,
    declaredSize?: number,
  ): Promise<number> {
    let uploadId: string | undefined;
    let total = 0;
    const parts: Array<{ part: number; etag: string }> = [];
    try {
      for await (const part of partsOf(body, this.partSize)) {
        total += part.length;
        if (uploadId === undefined && part.length < this.partSize) {
          // The whole body fit in less than one part: partsOf only yields a short part last.
          assertDeclaredSize(key, declaredSize, total);
          await this.client.putObject(this.bucket, key, part, part.length, headers);
          return total;
        }
        uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
        const partNumber = parts.length + 1;
        if (partNumber > MAX_PARTS)
          throw new Error(`s3: ${key}: more than ${MAX_PARTS} parts of ${this.partSize} bytes`);
        const res = await this.client.uploadPart(
          { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber, headers: {} },
          part,
        );
        parts.push({ part: partNumber, etag: res.etag });
      }
      assertDeclaredSize(key, declaredSize, total);
      if (uploadId === undefined) {
        await this.client.putObject(this.bucket, key, Buffer.alloc(0), 0, headers); // empty body
      } else {
        await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      }
      return total;
    } catch (err) {
      body.destroy();
      if (uploadId !== undefined) await this.abortUpload(key, uploadId);
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    await this.init();
    try {
      if (!range) return await this.client.getObject(this.bucket, key);
      // getPartialObject's length 0 means "to the end".
      const length = range.end === undefined ? 0 : range.end - range.start + 1;
      return await this.client.getPartialObject(this.bucket, key, range.start, length);
    } catch (err) {
      if (codeOf(err) === 'InvalidRange') throw rangeNotSatisfiable(key, range ?? { start: 0 });
      throw mapNotFound(err, key);
    }
  }

  async stat(key: string): Promise<ObjectInfo> {
    assertValidKey(key);
    await this.init();
    try {
      const s = await this.client.statObject(this.bucket, key);
      const contentType = s.metaData?.['content-type'];
      return {
        key,
        size: s.size,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        lastModified: s.lastModified,
      };
    } catch (err) {
      throw mapNotFound(err, key);
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.init();
    await this.client.removeObject(this.bucket, key); // S3 answers 204 for a missing key too
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertDeletablePrefix(prefix);
    await this.init();
    // Delete in batches while listing, so a huge prefix never sits in memory as one array.
    let batch: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (!item.name) continue;
      batch.push(item.name);
      if (batch.length === DELETE_BATCH) {
        await this.removeBatch(batch);
        batch = [];
      }
    }
    if (batch.length) await this.removeBatch(batch);
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    await this.init();
    const out: ObjectInfo[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true)) {
      if (item.name) out.push({ key: item.name, size: item.size, lastModified: item.lastModified });
    }
    return out.sort((a, b) => compareKeys(a.key, b.key));
  }

  async ping(): Promise<void> {
    await this.init();
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`s3: bucket ${this.bucket} no longer exists`);
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }

  /** Removes every object and then the bucket itself. For tests that create a bucket per run. */
  async dropBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) return;
    let batch: string[] = [];
    for await (const item of this.client.listObjectsV2(this.bucket, '', true)) {
      if (item.name) batch.push(item.name);
    }
    while (batch.length) {
      await this.removeBatch(batch.slice(0, DELETE_BATCH));
      batch = batch.slice(DELETE_BATCH);
    }
    await this.client.removeBucket(this.bucket);
    this.ready = undefined;
  }

  private async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
      this.logger?.info({ bucket: this.bucket }, 's3: created bucket');
    } catch (err) {
      // Another process created it between our check and our create.
      if (codeOf(err) !== 'BucketAlreadyOwnedByYou') throw err;
    }
  }

  private async removeBatch(keys: string[]): Promise<void> {
    const results = await this.client.removeObjects(this.bucket, keys);
    // minio returns one entry per failed key, shaped {Code, Key} (typed as {Error: {...}}).
    const failed = results.filter(Boolean) as Array<{
      Code?: string;
      Key?: string;
      Error?: { Code?: string; Key?: string };
    }>;
    if (failed.length) {
      const first = failed[0].Error ?? failed[0];
      throw new Error(`s3: could not delete ${failed.length} object(s), first ${first.Key}: ${first.Code}`);
    }
  }

  /** A failed multipart upload would otherwise keep its parts on the server. */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.abortMultipartUpload(this.bucket, key, uploadId);
    } catch (err) {
      this.logger?.warn({ err, key }, 's3: could not abort a failed multipart upload');
    }
  }
}

/**
 * Yields `body` in parts of exactly `partSize` bytes (the last may be shorter), all views of one
 * buffer: each part must be consumed before the next is requested, which a sequential upload does.
 */
async function* partsOf(body: Readable, partSize: number): AsyncGenerator<Buffer> {
  let buffer: Buffer | undefined;
  let filled = 0;
  for await (const chunk of body) {
    let data: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (data.length > 0) {
      buffer ??= Buffer.allocUnsafe(partSize);
      const n = data.copy(buffer, filled);
      filled += n;
      data = data.subarray(n);
      if (filled === partSize) {
        yield buffer;
        filled = 0;
      }
    }
  }
  if (filled > 0 && buffer) yield buffer.subarray(0, filled);
}

function assertDeclaredSize(key: string, declared: number | undefined, actual: number): void {
  if (declared !== undefined && declared !== actual) {
    throw new Error(`s3: ${key}: body has ${actual} bytes but size ${declared} was declared`);
  }
}

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

function mapNotFound(err: unknown, key: string): unknown {
  return NOT_FOUND_CODES.has(codeOf(err) ?? '') ? new ObjectNotFoundError(key) : err;
}
