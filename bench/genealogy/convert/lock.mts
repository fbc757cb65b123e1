// Writes bench/genealogy/splits.lock.json: record count and sha256 of every data/<source>/<split>.jsonl.
// Run ONCE after the first conversion; the runner refuses data that differs from it. Re-running the
// converters from the pinned commits gives the same bytes, so the lock still holds after a rebuild.
//   npx tsx bench/genealogy/convert/lock.mts                      (writes the whole lock: first time only)
//   npx tsx bench/genealogy/convert/lock.mts --append SOURCE ...  (adds new sources at the end; refuses to
//                                                                  touch or re-lock any file already locked)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, fileKey, type Lock, lockFile, readLock, type Split, sha256, sourcesOnDisk } from '../data-files';

const entry = (source: string, split: Split) => {
  const file = path.join(dataDir, fileKey(source, split));
  if (!existsSync(file)) throw new Error(`${fileKey(source, split)} is missing: convert ${source} first`);
  const records = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  return { records, sha256: sha256(file) };
};

const args = process.argv.slice(2);
if (args[0] === '--append') {
  const sources = args.slice(1);
  if (!sources.length) {
    console.error('usage: lock.mts --append SOURCE ...');
    process.exit(2);
  }
  const lock = readLock();
  const before = JSON.stringify(lock.files);
  for (const source of sources) {
    for (const split of ['dev', 'holdout'] as Split[]) {
      const key = fileKey(source, split);
      if (lock.files[key]) {
        console.error(`${key} is already locked: the lock is written once per file and never changed`);
        process.exit(1);
      }
    }
  }
  for (const source of sources) {
    for (const split of ['dev', 'holdout'] as Split[]) lock.files[fileKey(source, split)] = entry(source, split);
  }
  // The entries that were there must come out byte for byte the same, in the same order.
  const kept = JSON.stringify(
    Object.fromEntries(Object.entries(lock.files).slice(0, Object.keys(JSON.parse(before)).length)),
  );
  if (kept !== before) throw new Error('appending would change existing lock entries: refused');
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`${sources.length * 2} files appended to the lock`);
} else {
  if (existsSync(lockFile)) {
    console.error('splits.lock.json exists: the lock is written once. Use --append SOURCE ... to lock a new source.');
    process.exit(1);
  }
  const lock: Lock = {
    note: 'Frozen dev/holdout split (sha1(id)[0] < 77 → holdout). Do not regenerate to change the split.',
    files: {},
  };
  for (const source of sourcesOnDisk()) {
    for (const split of ['dev', 'holdout'] as Split[]) lock.files[fileKey(source, split)] = entry(source, split);
  }
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`${Object.keys(lock.files).length} files locked`);
}
