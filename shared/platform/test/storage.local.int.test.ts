import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidObjectKeyError, LocalObjectStorage } from '../src/storage/index';
import { MiB, pseudoRandomStream, readAll } from './fixtures/storage-streams';

// What only the disk backend can get wrong: its files. The shared behaviour is in storage.contract.

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('LocalObjectStorage on disk', () => {
  let dir: string;
  let root: string;
  let storage: LocalObjectStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gn-local-storage-'));
    root = join(dir, 'objects');
    storage = new LocalObjectStorage({ root });
    await storage.init();
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('defaults to .data/objects under the working directory', () => {
    expect(new LocalObjectStorage().root).toBe(join(process.cwd(), '.data/objects'));
  });

  it('never writes outside its root, whatever the key', async () => {
    for (const bad of ['../outside', 'a/../../outside', '/tmp/outside', 'a/..', '..']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidObjectKeyError);
    }
    await storage.put('inside/a.txt', Buffer.from('a'));
    await storage.put('in~side/..x/%2e%2e/b.txt', Buffer.from('b'));
    expect(await readdir(dir)).toEqual(['objects']);
    for (const file of await filesUnder(root)) expect(file.startsWith(`${root}/`)).toBe(true);
    expect((await readAll(await storage.get('in~side/..x/%2e%2e/b.txt'))).toString()).toBe('b');
  });

  it('leaves no temporary file behind when a body fails', async () => {
    await storage.put('keep/me.txt', Buffer.from('kept'));
    const failing = pseudoRandomStream('local-fail', 10 * MiB, { failAfter: 3 * MiB });
    await expect(storage.put('keep/broken.bin', failing.stream)).rejects.toThrow('generated body failed on purpose');
    const names = (await filesUnder(root)).map((f) => f.slice(root.length + 1)).sort();
    expect(names).toEqual(['keep/me.txt~data', 'keep/me.txt~meta.json']);
  });

  it('removes folders that deletes leave empty, and only those', async () => {
    await storage.put('docs/u1/d1/original.pdf', Buffer.from('pdf'));
    await storage.put('docs/u1/d1/pages/1.png', Buffer.from('png'));
    await storage.put('docs/u2/d9/original.pdf', Buffer.from('pdf'));
    await storage.deletePrefix('docs/u1/');
    expect(await readdir(join(root, 'docs'))).toEqual(['u2']);
    await storage.delete('docs/u2/d9/original.pdf');
    expect(await readdir(root)).toEqual([]);
    await storage.put('docs/u1/d1/original.pdf', Buffer.from('again'));
    expect((await readAll(await storage.get('docs/u1/d1/original.pdf'))).toString()).toBe('again');
  });

  it('ignores stray files in its folders when listing', async () => {
    await storage.put('mixed/real.txt', Buffer.from('real'));
    await writeFile(join(root, 'mixed', '~tmp-0123456789abcdef'), 'half-written');
    await writeFile(join(root, 'mixed', 'README'), 'not an object');
    expect((await storage.list('mixed/')).map((o) => o.key)).toEqual(['mixed/real.txt']);
  });
});
