/**
 * Reads a ZIP's central directory (no decompression) to refuse archives that would expand far
 * beyond their size — "zip bombs" — before a DOCX parser inflates them. The sizes are what the
 * archive declares, a first line only: the parser thread inflates every part through a running
 * byte budget (jobs/parsers/budgeted-zip.ts, decision 0209), for archives that lie.
 */
export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** A 32-bit size or offset that is all ones: the real value is in the ZIP64 extra field. */
const ZIP64 = 0xffffffff;

export function readZipDirectory(buf: Buffer): ZipEntryInfo[] | undefined {
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntryInfo[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return undefined;
    let compressedSize = buf.readUInt32LE(offset + 20);
    let uncompressedSize = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength + extraLength > buf.length) return undefined;
    const name = buf.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (uncompressedSize === ZIP64 || compressedSize === ZIP64) {
      // ZIP64: the 64-bit sizes are in extra field 1 (uncompressed, then compressed), each only
      // if its 32-bit field is all ones.
      const sizes = zip64Sizes(buf.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength)) ?? [];
      if (uncompressedSize === ZIP64) uncompressedSize = sizes.shift() ?? Number.NaN;
      if (compressedSize === ZIP64) compressedSize = sizes.shift() ?? Number.NaN;
      if (Number.isNaN(uncompressedSize) || Number.isNaN(compressedSize)) return undefined;
    }
    entries.push({ name, compressedSize, uncompressedSize });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The 64-bit values of a central record's ZIP64 extra field (id 1), in their order; undefined without one. */
function zip64Sizes(extra: Buffer): number[] | undefined {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 1) {
      const values: number[] = [];
      for (let v = at + 4; v + 8 <= Math.min(at + 4 + size, extra.length); v += 8)
        values.push(Number(extra.readBigUInt64LE(v)));
      return values;
    }
    at += 4 + size;
  }
  return undefined;
}

export type ZipVerdict =
  | { ok: true }
  | { ok: false; reason: 'not-zip' | 'not-docx' | 'too-large' | 'ratio'; detail: string };

/** Whether a DOCX is safe to inflate: a real Word package whose parts stay under `maxBytes` in total. */
export function checkDocxArchive(buf: Buffer, maxBytes: number, maxRatio = 200): ZipVerdict {
  const entries = readZipDirectory(buf);
  if (!entries) return { ok: false, reason: 'not-zip', detail: 'the archive is damaged or incomplete' };
  if (!entries.some((e) => e.name === 'word/document.xml'))
    return { ok: false, reason: 'not-docx', detail: 'it has no word/document.xml part' };
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (total > maxBytes)
    return { ok: false, reason: 'too-large', detail: `its parts expand to ${Math.round(total / 1048576)} MB` };
  for (const e of entries) {
    // Ordinary XML compresses ~10-30×; hundreds of times over many megabytes is a bomb.
    if (e.uncompressedSize > 16 * 1048576 && e.uncompressedSize > e.compressedSize * maxRatio) {
      return {
        ok: false,
        reason: 'ratio',
        detail: `${e.name} expands ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))} times`,
      };
    }
  }
  return { ok: true };
}
