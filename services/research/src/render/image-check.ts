/**
 * Whether a photo's bytes are an image the book can print: a PNG with its header, or a JPEG whose
 * markers lead to a frame header. A damaged file is left out of the book (its caption stays)
 * rather than failing the whole export or the EPUB's validation.
 */
export function readableImage(bytes: Uint8Array, mime: 'image/jpeg' | 'image/png'): boolean {
  return mime === 'image/png' ? readablePng(bytes) : readableJpeg(bytes);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readablePng(b: Uint8Array): boolean {
  if (b.length < 33 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return false;
  const type = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  return type === 'IHDR';
}

function readableJpeg(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let pos = 2;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return false;
    const marker = b[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = (b[pos + 2]! << 8) | b[pos + 3]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header with the image's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return pos + 2 + length <= b.length && length >= 8;
    }
    pos += 2 + length;
  }
  return false;
}
