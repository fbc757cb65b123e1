// Writes bench/genealogy/splits.lock.json: record count and sha256 of every data/<source>/<split>.jsonl.
// Run ONCE after the first conversion; the runner refuses data that differs from it. Re-running the
// converters from the pinned commits gives the same bytes, so the lock still holds after a rebuild.
//   npx tsx bench/genealogy/convert/lock.mts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, fileKey, type Lock, lockFile, type Split, sha256, sourcesOnDisk } from '../data-files';

const lock: Lock = {
  note: 'Frozen dev/holdout split (sha1(id)[0] < 77 → holdout). Do not regenerate to change the split.',
  files: {},
};
for (const source of sourcesOnDisk()) {
  for (const split of ['dev', 'holdout'] as Split[]) {
    const file = path.join(dataDir, fileKey(source, split));
    const records = readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    lock.files[fileKey(source, split)] = { records, sha256: sha256(file) };
  }
}
writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${Object.keys(lock.files).length} files locked`);
