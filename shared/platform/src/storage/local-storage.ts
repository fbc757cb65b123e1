import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, type FileHandle, mkdir, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertDeletablePrefix, assertValidKey, compareKeys, decodeKeySegment, encodeKeySegment } from './keys';
import { assertValidRange, rangeNotSatisfiable } from './range';
import { type ByteRange, ObjectNotFoundError, type ObjectInfo, type ObjectStorage } from './types';

export interface LocalStorageOptions {
  /** Folder holding the objects; default `.data/objects` under the working directory. */
  root?: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/*
 * Layout: key `a/b/c.pdf` is stored as `<root>/a/b/c.pdf~data`, its content type in the sidecar
 * `<root>/a/b/c.pdf~meta.json`. Each key segment is escaped (keys.ts: only [A-Za-z0-9._-] kept,
 * `~` always escaped), so a directory name never ends in `~data`: keys `a` and `a/b` can coexist
 * as they do in S3, and no key can name a path outside the root. Writes land in `~tmp-*` files
 * in the same folder and are renamed into place, so a reader never sees a half-written object.
 */
const DATA_SUFFIX = '~data';
const META_SUFFIX = '~meta.json';
const TMP_PREFIX = '~tmp-';

export class LocalObjectStorage implements ObjectStorage {
  readonly backend = 'local' as const;
  readonly root: string;

  constructor(opts: LocalStorageOptions = {}) {
    this.root = resolve(opts.root ?? '.data/objects');
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(
    key: string,
    body: Readable | Buffer,
    opts: { contentType?: string; size?: number } = {},
  ): Promise<ObjectInfo> {
    const { dir, dataPath, metaPath } = this.pathsOf(key);
    const contentType = opts.contentType ?? DEFAULT_CONTENT_TYPE;
    const tmpData = join(dir, `${TMP_PREFIX}${randomBytes(8).toString('hex')}`);
    const tmpMeta = `${tmpData}.meta`;
    try {
      const fh = await this.openNewFile(tmpData);
      if (Buffer.isBuffer(body)) {
        try {
          await fh.writeFile(body);
          await fh.sync();
        } finally {
          await fh.close();
        }
      } else {
        // The stream closes the handle; `flush` fsyncs it first, so the data is durable on return.
        await pipeline(body, fh.createWriteStream({ flush: true }));
      }
      const written = await stat(tmpData);
      if (opts.size !== undefined && written.size !== opts.size) {
        throw new Error(`local storage: ${key}: body has ${written.size} bytes but size ${opts.size} was declared`);
      }
      await writeDurably(tmpMeta, JSON.stringify({ contentType }));
      // Sidecar first: the object appears only with the data rename, already with its type.
      await rename(tmpMeta, metaPath);
      await rename(tmpData, dataPath);
      await syncDir(dir);
      return { key, size: written.size, contentType, lastModified: written.mtime };
    } catch (err) {
      await rm(tmpData, { force: true });
      await rm(tmpMeta, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const { dataPath } = this.pathsOf(key);
    if (range) assertValidRange(range);
    // Opening first turns a missing key into ObjectNotFoundError now rather than a stream error
    // later, and pins this version of the file even if a put replaces it meanwhile.
    const fh = await open(dataPath, 'r').catch((err) => {
      throw isMissing(err) ? new ObjectNotFoundError(key) : err;
    });
    if (range) {
      const { size } = await fh.stat();
      if (range.start >= size) {
        await fh.close();
        throw rangeNotSatisfiable(key, range, size);
      }
    }
    return fh.createReadStream({ start: range?.start, end: range?.end });
  }

  async stat(key: string): Promise<ObjectInfo> {
    const { dataPath, metaPath } = this.pathsOf(key);
    const s = await stat(dataPath).catch((err) => {
      throw isMissing(err) ? new ObjectNotFoundError(key) : err;
    });
    return { key, size: s.size, contentType: await readContentType(metaPath), lastModified: s.mtime };
  }

  async delete(key: string): Promise<void> {
    const { dir, dataPath, metaPath } = this.pathsOf(key);
    await rm(dataPath, { force: true });
    await rm(metaPath, { force: true });
    await this.pruneEmptyDirs(dir);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertDeletablePrefix(prefix);
    const dirs = new Set<string>();
    for (const { key } of await this.list(prefix)) {
      const { dir, dataPath, metaPath } = this.pathsOf(key);
      await rm(dataPath, { force: true });
      await rm(metaPath, { force: true });
      dirs.add(dir);
    }
    // Deepest first, so each parent is empty by the time it is tried.
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await this.pruneEmptyDirs(dir);
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    // Only the folder named by the prefix up to its last `/` can hold matches; its entries are
    // filtered by the rest of the prefix, everything below them is walked.
    const slash = prefix.lastIndexOf('/');
    const base = slash >= 0 ? prefix.slice(0, slash + 1) : '';
    const segments = base ? base.slice(0, -1).split('/') : [];
    try {
      for (const s of segments) assertValidKey(s);
    } catch {
      return []; // no valid key lies under such a prefix
    }
    const out: ObjectInfo[] = [];
    await this.walk(join(this.root, ...segments.map(encodeKeySegment)), base, prefix.slice(slash + 1), out);
    return out.sort((a, b) => compareKeys(a.key, b.key));
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async close(): Promise<void> {}

  private pathsOf(key: string): { dir: string; dataPath: string; metaPath: string } {
    assertValidKey(key);
    const segments = key.split('/').map(encodeKeySegment);
    const name = segments.pop() as string;
    const dir = join(this.root, ...segments);
    const dataPath = join(dir, name + DATA_SUFFIX);
    // Cannot happen with escaped segments; checked anyway because the cost of being wrong is high.
    if (!dataPath.startsWith(this.root + sep))
      throw new Error(`local storage: key ${key} resolves outside ${this.root}`);
    return { dir, dataPath, metaPath: join(dir, name + META_SUFFIX) };
  }

  private async walk(dir: string, keyBase: string, namePrefix: string, out: ObjectInfo[]): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((err) => {
      if (isMissing(err)) return [];
      throw err;
    });
    for (const entry of entries) {
      if (entry.isDirectory()) {
        const segment = decodeKeySegment(entry.name);
        if (segment === undefined || !segment.startsWith(namePrefix)) continue;
        await this.walk(join(dir, entry.name), `${keyBase}${segment}/`, '', out);
      } else if (entry.isFile() && entry.name.endsWith(DATA_SUFFIX)) {
        const segment = decodeKeySegment(entry.name.slice(0, -DATA_SUFFIX.length));
        if (segment === undefined || !segment.startsWith(namePrefix)) continue;
        const s = await stat(join(dir, entry.name)).catch((err) => (isMissing(err) ? undefined : Promise.reject(err)));
        if (s) out.push({ key: keyBase + segment, size: s.size, lastModified: s.mtime }); // else deleted meanwhile
      }
    }
  }

  /** Creates `path` exclusively, making its folder first; retries if a concurrent prune removed the folder. */
  private async openNewFile(path: string): Promise<FileHandle> {
    for (let attempt = 1; ; attempt++) {
      await mkdir(dirname(path), { recursive: true });
      try {
        return await open(path, 'wx');
      } catch (err) {
        if (!isMissing(err) || attempt >= 5) throw err;
      }
    }
  }

  /** Removes `dir` and its ancestors while they are empty, never the root itself. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    for (let d = dir; d.startsWith(this.root + sep); d = dirname(d)) {
      try {
        await rmdir(d);
      } catch (err) {
        if (!isMissing(err)) return; // not empty: its ancestors are not empty either
      }
    }
  }
}

async function writeDurably(path: string, text: string): Promise<void> {
  const fh = await open(path, 'wx');
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Makes the renames in `dir` durable; some file systems cannot fsync a folder, which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // best effort
  }
}

async function readContentType(metaPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch {
    return DEFAULT_CONTENT_TYPE; // sidecar lost: the bytes are still the object
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
