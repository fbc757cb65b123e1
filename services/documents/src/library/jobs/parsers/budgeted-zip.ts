/**
 * Reading a ZIP archive with a running byte budget (issue 29, point 1), for the memory-limited
 * parser threads: every archive the product opens (DOCX today, GEDZIP later) is inflated through
 * it, never through a reader that trusts the archive's sizes.
 *
 * The central directory is read only to find the parts; the sizes it and the local headers claim
 * are never believed. A part is inflated twice: first counted as it streams by in 64 KB pieces,
 * adding to one counter shared by the whole archive and stopping the moment the counter passes
 * the budget (nothing is kept: a 1 MB file that inflates to 1 GB costs a fraction of a second and
 * no memory); then, once its true size is known to fit, inflated for real, to at most that size.
 * Only the parts the reader asks for are inflated (a DOCX's images are never read for its text).
 *
 * CommonJS source, included in a thread's eval'd source (as word.ts does), so that it needs no
 * separate file in the bundle. It defines:
 * - `openZipWithBudget(bytes: Buffer, budget: number)` → `{ names, has(name), read(name): Promise<Buffer>, spent() }`;
 *   `read` throws `ArchiveRefused` with `bomb: true` once the archive's parts inflate to more than
 *   `budget` bytes in all, and with `bomb: false` for a damaged archive or part;
 * - `mammothFile(zip)`: the archive as mammoth's `{ file }` input (exists / read), so mammoth
 *   reads through the budget instead of opening the bytes with JSZip.
 * Messages are short and readable: they end up in the document's processing error.
 */
export const BUDGETED_ZIP_SOURCE = `
class ArchiveRefused extends Error {
  constructor(message, bomb) {
    super(message);
    this.name = 'ArchiveRefused';
    this.bomb = bomb;
  }
}

function openZipWithBudget(buf, budget) {
  const zlib = require('node:zlib');
  const damaged = (why) => new ArchiveRefused(why || 'the archive is damaged or incomplete', false);
  const tooMuch = () =>
    new ArchiveRefused('its parts expand to more than ' + Math.round(budget / 1048576) + ' MB', true);
  const parts = new Map();
  try {
    // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
      if (buf.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw damaged();
    const count = buf.readUInt16LE(eocd + 10);
    let at = buf.readUInt32LE(eocd + 16);
    for (let n = 0; n < count; n++) {
      if (buf.readUInt32LE(at) !== 0x02014b50) throw damaged();
      const flags = buf.readUInt16LE(at + 8);
      const method = buf.readUInt16LE(at + 10);
      let compressedSize = buf.readUInt32LE(at + 20);
      const uncompressed32 = buf.readUInt32LE(at + 24);
      const nameLength = buf.readUInt16LE(at + 28);
      const extraLength = buf.readUInt16LE(at + 30);
      const commentLength = buf.readUInt16LE(at + 32);
      let localOffset = buf.readUInt32LE(at + 42);
      if (at + 46 + nameLength + extraLength > buf.length) throw damaged();
      const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
      if (compressedSize === 0xffffffff || localOffset === 0xffffffff) {
        // ZIP64: the 64-bit values are in extra field 1, each only if its 32-bit field is all ones.
        let e = at + 46 + nameLength;
        const end = e + extraLength;
        let found = false;
        while (e + 4 <= end) {
          const id = buf.readUInt16LE(e);
          const size = buf.readUInt16LE(e + 2);
          if (id === 1) {
            let f = e + 4;
            if (uncompressed32 === 0xffffffff) f += 8;
            if (compressedSize === 0xffffffff) {
              compressedSize = Number(buf.readBigUInt64LE(f));
              f += 8;
            }
            if (localOffset === 0xffffffff) localOffset = Number(buf.readBigUInt64LE(f));
            found = true;
            break;
          }
          e += 4 + size;
        }
        if (!found) throw damaged();
      }
      if (!parts.has(name)) parts.set(name, { flags, method, compressedSize, localOffset });
      at += 46 + nameLength + extraLength + commentLength;
    }
  } catch (err) {
    if (err instanceof ArchiveRefused) throw err;
    throw damaged(); // a read past the end: the directory points outside the file
  }

  let spent = 0;
  const spend = (n) => {
    spent += n;
    if (spent > budget) throw tooMuch();
  };

  function dataOf(name, part) {
    const at = part.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) throw damaged('the part ' + name + ' is missing');
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const end = start + part.compressedSize;
    if (end > buf.length) throw damaged('the part ' + name + ' is cut short');
    return buf.subarray(start, end);
  }

  /** Inflates \`data\` only to count it, adding to the archive's counter as it goes. */
  function count(name, data) {
    return new Promise((resolve, reject) => {
      const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
      let size = 0;
      inflater.on('data', (chunk) => {
        size += chunk.length;
        try {
          spend(chunk.length);
        } catch (err) {
          inflater.destroy();
          reject(err);
        }
      });
      inflater.on('error', (err) => reject(damaged('the part ' + name + ' is damaged: ' + err.message)));
      inflater.on('end', () => resolve(size));
      inflater.end(data);
    });
  }

  async function read(name) {
    const part = parts.get(name);
    if (!part) throw damaged('it has no ' + name + ' part');
    if (part.flags & 1) throw damaged('its parts are encrypted');
    const data = dataOf(name, part);
    if (part.method === 0) {
      spend(data.length);
      return Buffer.from(data);
    }
    if (part.method !== 8) throw damaged('the part ' + name + ' uses an unknown compression method');
    const size = await count(name, data);
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  }

  return { names: [...parts.keys()], has: (name) => parts.has(name), read, spent: () => spent };
}

function mammothFile(zip) {
  return {
    exists: (name) => zip.has(name),
    read: async (name, encoding) => {
      const bytes = await zip.read(name);
      if (encoding === 'base64') return bytes.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(bytes);
      return bytes;
    },
    write() {
      throw new Error('the archive is read only');
    },
    toArrayBuffer() {
      throw new Error('the archive is read only');
    },
  };
}
`;
