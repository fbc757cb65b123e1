export { type ObjectStorageConfig, createObjectStorage } from './create-storage';
export { InvalidObjectKeyError } from './keys';
export { type LocalStorageOptions, LocalObjectStorage } from './local-storage';
export { type S3StorageOptions, S3ObjectStorage } from './s3-storage';
export { type ByteRange, ObjectNotFoundError, type ObjectInfo, type ObjectStorage } from './types';
