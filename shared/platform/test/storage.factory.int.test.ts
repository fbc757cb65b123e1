import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStorage, LocalObjectStorage, S3ObjectStorage } from '../src/storage/index';
import { s3Settings, uniqueBucketName } from './fixtures/storage-backends';

describe('createObjectStorage', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gn-storage-factory-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('without an S3 endpoint, stores files under localDir, creating it', async () => {
    const localDir = join(dir, 'objects');
    const storage = await createObjectStorage({ bucket: 'ignored', localDir });
    expect(storage).toBeInstanceOf(LocalObjectStorage);
    expect(storage.backend).toBe('local');
    expect((await stat(localDir)).isDirectory()).toBe(true);
    await storage.put('x/y.txt', Buffer.from('y'));
    expect((await storage.stat('x/y.txt')).size).toBe(1);
    await storage.close();
  });

  it('with an S3 endpoint, uses S3 and creates the bucket up front', async () => {
    const s3 = s3Settings();
    const storage = await createObjectStorage({
      s3Endpoint: s3.endpoint,
      s3AccessKey: s3.accessKey,
      s3SecretKey: s3.secretKey,
      s3Region: s3.region,
      bucket: uniqueBucketName('gn-factory'),
      localDir: join(dir, 'unused'),
    });
    try {
      expect(storage).toBeInstanceOf(S3ObjectStorage);
      expect(storage.backend).toBe('s3');
      await expect(storage.ping()).resolves.toBeUndefined();
      await expect(stat(join(dir, 'unused'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await (storage as S3ObjectStorage).dropBucket();
      await storage.close();
    }
  });

  it('refuses an S3 endpoint without credentials', async () => {
    await expect(
      createObjectStorage({ s3Endpoint: 'http://127.0.0.1:1', bucket: 'b', localDir: join(dir, 'no') }),
    ).rejects.toThrow(/S3_ACCESS_KEY/);
  });

  it('ping fails when the S3 server cannot be reached', async () => {
    const storage = new S3ObjectStorage({
      endpoint: 'http://127.0.0.1:1',
      accessKey: 'a',
      secretKey: 'b',
      bucket: 'nowhere',
    });
    await expect(storage.ping()).rejects.toThrow();
    await storage.close();
  });
});
