import type { Logger } from '../logger';
import { LocalObjectStorage } from './local-storage';
import { S3ObjectStorage } from './s3-storage';
import type { ObjectStorage } from './types';

export interface ObjectStorageConfig {
  /** S3_ENDPOINT: when set, objects go to S3/MinIO; otherwise to files under `localDir`. */
  s3Endpoint?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
  s3Region?: string;
  bucket: string;
  /** Embedded default, e.g. `.data/objects`. */
  localDir: string;
  logger?: Logger;
}

/** The production backend when S3 is configured, the embedded one otherwise; ready to use (bucket or folder created). */
export async function createObjectStorage(config: ObjectStorageConfig): Promise<ObjectStorage> {
  if (config.s3Endpoint) {
    if (!config.s3AccessKey || !config.s3SecretKey) {
      throw new Error('S3_ENDPOINT is set but S3_ACCESS_KEY or S3_SECRET_KEY is missing');
    }
    const storage = new S3ObjectStorage({
      endpoint: config.s3Endpoint,
      accessKey: config.s3AccessKey,
      secretKey: config.s3SecretKey,
      region: config.s3Region,
      bucket: config.bucket,
      logger: config.logger,
    });
    await storage.init();
    config.logger?.info({ backend: 's3', bucket: config.bucket }, 'object storage ready');
    return storage;
  }
  const storage = new LocalObjectStorage({ root: config.localDir });
  await storage.init();
  config.logger?.info({ backend: 'local', root: storage.root }, 'object storage ready');
  return storage;
}
