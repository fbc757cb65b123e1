// Where the converted records live, and the committed lock that freezes them (splits.lock.json).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoldRecord } from './convert/record';

const here = path.dirname(fileURLToPath(import.meta.url));
export const dataDir = path.join(here, 'data');
export const lockFile = path.join(here, 'splits.lock.json');

export type Split = 'dev' | 'holdout';

export interface Lock {
  note: string;
  files: Record<string, { records: number; sha256: string }>;
}

export const fileKey = (source: string, split: Split) => `${source}/${split}.jsonl`;

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

export function sourcesOnDisk(): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir)
    .filter((d) => existsSync(path.join(dataDir, d, 'dev.jsonl')))
    .sort();
}

export function readLock(): Lock {
  return JSON.parse(readFileSync(lockFile, 'utf8')) as Lock;
}

/** The records of one source and split, refused when the file differs from the lock (the split is frozen). */
export function loadRecords(source: string, split: Split, lock: Lock): GoldRecord[] {
  const key = fileKey(source, split);
  const file = path.join(dataDir, key);
  const locked = lock.files[key];
  if (!locked) throw new Error(`${key} is not in splits.lock.json`);
  if (!existsSync(file)) throw new Error(`${key} is missing: rebuild it with bench/genealogy/convert (SOURCES.md)`);
  if (sha256(file) !== locked.sha256) {
    throw new Error(`${key} differs from splits.lock.json: the split is frozen; rebuild it from the pinned commit`);
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as GoldRecord);
}
