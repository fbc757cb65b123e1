// Back up and restore GNology's object storage (uploaded files, page images, thumbnails, albums)
// with the same storage interface the services use, so it works on S3, MinIO or the embedded
// file store alike (docs/ops/backup-restore.md):
//   npx tsx scripts/ops/objects.ts backup  <dir>    # bucket -> <dir>/<key>, plus <dir>/manifest.json
//   npx tsx scripts/ops/objects.ts restore <dir>    # <dir> -> bucket (existing keys are overwritten)
// The bucket comes from S3_ENDPOINT / S3_ACCESS_KEY / S3_SECRET_KEY / S3_REGION / S3_BUCKET, or
// DATA_DIR/objects when S3_ENDPOINT is unset, as for the services.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createObjectStorage } from '@gnology/platform/storage/create-storage';
import type { ObjectInfo, ObjectStorage } from '@gnology/platform/storage/types';

interface Manifest {
  takenAt: string;
  objects: { key: string; size: number; contentType?: string }[];
}

export async function backupObjects(storage: ObjectStorage, dir: string): Promise<Manifest> {
  const objects: ObjectInfo[] = await storage.list('');
  for (const o of objects) {
    const file = fileFor(dir, o.key);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(await storage.get(o.key), createWriteStream(file));
  }
  const manifest: Manifest = {
    takenAt: new Date().toISOString(),
    objects: objects.map((o) => ({ key: o.key, size: o.size, contentType: o.contentType })),
  };
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restoreObjects(dir: string, storage: ObjectStorage): Promise<number> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  for (const o of manifest.objects) {
    await storage.put(o.key, createReadStream(fileFor(dir, o.key)), { contentType: o.contentType, size: o.size });
  }
  return manifest.objects.length;
}

/** Keys are the services' own (no `..`), but a backup directory must never be escaped. */
function fileFor(dir: string, key: string): string {
  const file = path.resolve(dir, 'objects', key);
  if (!file.startsWith(path.resolve(dir, 'objects') + path.sep))
    throw new Error(`refusing object key outside the backup: ${key}`);
  return file;
}

async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    console.error('usage: npx tsx scripts/ops/objects.ts backup|restore <dir>');
    process.exit(64);
  }
  const storage = await createObjectStorage({
    s3Endpoint: process.env.S3_ENDPOINT,
    s3AccessKey: process.env.S3_ACCESS_KEY,
    s3SecretKey: process.env.S3_SECRET_KEY,
    s3Region: process.env.S3_REGION ?? 'us-east-1',
    bucket: process.env.S3_BUCKET ?? 'gnology',
    localDir: path.resolve(process.env.DATA_DIR ?? '.data', 'objects'),
  });
  try {
    if (command === 'backup')
      console.log(`backed up ${(await backupObjects(storage, dir)).objects.length} objects to ${dir}`);
    else console.log(`restored ${await restoreObjects(dir, storage)} objects from ${dir}`);
  } finally {
    await storage.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
