import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * Plain text in the encodings records arrive in: UTF-8 (with or without BOM), UTF-16 with a BOM,
 * and Windows-1252 (old Windows exports). Anything with NUL bytes or many control characters is
 * not text (an executable renamed .txt).
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function detectTextEncoding(sample: Buffer): TextEncoding | undefined {
  if (sample.length === 0) return undefined;
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  if (sample.includes(0)) return undefined;
  let control = 0;
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  if (control > sample.length * 0.01) return undefined;
  if (isUtf8(sample)) return 'utf-8';
  // Not UTF-8: chardet tells Windows-1252 from other single-byte encodings; all are read as 1252.
  const guess = chardet.detect(sample);
  if (guess && /^(?:windows-125\d|iso-8859-\d+|ascii)$/i.test(guess)) return 'windows-1252';
  return 'windows-1252';
}

/** Strict UTF-8 check that forgives a sequence cut off at the end of a sample. */
export function isUtf8(buf: Buffer): boolean {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    let need = 0;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return false;
    if (i + need >= buf.length) return need === 0 || i + 1 >= buf.length || allContinuations(buf, i + 1, buf.length);
    for (let k = 1; k <= need; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return false;
    i += need + 1;
  }
  return true;
}

function allContinuations(buf: Buffer, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if ((buf[k]! & 0xc0) !== 0x80) return false;
  return true;
}

export function decodeText(buf: Buffer): string {
  const encoding = detectTextEncoding(buf.subarray(0, 64 * 1024)) ?? 'utf-8';
  const text = iconv.decode(buf, encoding);
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
