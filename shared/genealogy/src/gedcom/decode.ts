import { decodeAnsel } from './ansel';

/*
 * A GEDCOM file's bytes as text (issue 32, decision 0222). The encoding is found in this order:
 * a byte order mark (UTF-8, UTF-16 LE/BE); UTF-16 without one (the "0" of "0 HEAD" next to a
 * zero byte); then the header's `1 CHAR` (read as ASCII, which every 8-bit encoding shares):
 * ANSEL, UTF-8, ASCII, ANSI (Windows-1252 in practice), ISO-8859-1. GEDCOM 7 files are UTF-8
 * whatever they say. What decoding had to decide is said in `warnings`, never guessed in silence.
 */

export type GedcomEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'ANSEL' | 'ASCII' | 'WINDOWS-1252';

export interface DecodedGedcom {
  text: string;
  encoding: GedcomEncoding;
  warnings: string[];
}

/** The file is not GEDCOM at all (its first record is not `0 HEAD`). */
export class NotGedcomError extends Error {
  constructor(message = 'This is not a GEDCOM file: it does not begin with a GEDCOM header ("0 HEAD").') {
    super(message);
    this.name = 'NotGedcomError';
  }
}

const HEAD = /^\s*0\s+HEAD\s*$/;

/** True when the text's first non-empty line is the GEDCOM header record. */
export function startsWithHead(text: string): boolean {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/, 20)
    .find((l) => l.trim() !== '');
  return first !== undefined && HEAD.test(first);
}

function declaredCharset(bytes: Uint8Array): string | undefined {
  // The header is near the top: 64 KB of it, as Latin-1 (one char per byte, ASCII where it matters).
  const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1');
  const end = head.search(/[\r\n]\s*0\s/);
  const header = end > 0 ? head.slice(0, end) : head;
  return /[\r\n]\s*1\s+CHAR\s+([^\r\n]+)/i.exec(header)?.[1]?.trim().toUpperCase();
}

function gedcom7(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 64 * 1024)).toString('latin1');
  return /[\r\n]\s*2\s+VERS\s+7\./.test(head);
}

function utf8(bytes: Uint8Array, warnings: string[], declared: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    warnings.push(`The file says it is ${declared} but is not valid UTF-8; it was read as Windows-1252 (ANSI).`);
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Decodes a GEDCOM file; throws NotGedcomError when its first record is not a GEDCOM header. */
export function decodeGedcom(bytes: Uint8Array): DecodedGedcom {
  const warnings: string[] = [];
  const done = (text: string, encoding: GedcomEncoding): DecodedGedcom => {
    const clean = text.replace(/^\uFEFF/, '');
    if (!startsWithHead(clean)) throw new NotGedcomError();
    return { text: clean, encoding, warnings };
  };
  const [a, b, c] = [bytes[0], bytes[1], bytes[2]];
  if (a === 0xef && b === 0xbb && c === 0xbf) return done(utf8(bytes.subarray(3), warnings, 'UTF-8'), 'UTF-8');
  if (a === 0xff && b === 0xfe) return done(new TextDecoder('utf-16le').decode(bytes.subarray(2)), 'UTF-16LE');
  if (a === 0xfe && b === 0xff) return done(new TextDecoder('utf-16be').decode(bytes.subarray(2)), 'UTF-16BE');
  if (a !== undefined && a !== 0 && b === 0) return done(new TextDecoder('utf-16le').decode(bytes), 'UTF-16LE');
  if (a === 0 && b !== undefined && b !== 0) return done(new TextDecoder('utf-16be').decode(bytes), 'UTF-16BE');

  const declared = declaredCharset(bytes);
  if (gedcom7(bytes)) return done(utf8(bytes, warnings, 'UTF-8 (GEDCOM 7)'), 'UTF-8');
  switch (declared) {
    case 'ANSEL': {
      const { text, unknown } = decodeAnsel(bytes);
      if (unknown) warnings.push(`${unknown} bytes have no meaning in ANSEL and were replaced by "�".`);
      return done(text, 'ANSEL');
    }
    case 'UTF-8':
    case 'UTF8':
      return done(utf8(bytes, warnings, 'UTF-8'), 'UTF-8');
    case 'ASCII':
    case 'ANSI':
    case 'WINDOWS-1252':
    case 'CP1252':
    case 'ISO-8859-1':
    case 'ISO8859-1':
    case 'LATIN1': {
      if (declared === 'ASCII' && !bytes.some((x) => x >= 0x80))
        return done(Buffer.from(bytes).toString('latin1'), 'ASCII');
      // Letters beyond ASCII in a file that says ASCII or ANSI: UTF-8 when they read as UTF-8
      // (many programs write UTF-8 and say otherwise), else the Windows code page.
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        if (declared !== 'ASCII')
          warnings.push(`The file says it is ${declared} but reads as UTF-8; it was read as UTF-8.`);
        return done(text, 'UTF-8');
      } catch {
        if (declared === 'ASCII')
          warnings.push('The file says it is ASCII but holds other bytes; it was read as Windows-1252.');
        return done(new TextDecoder('windows-1252').decode(bytes), 'WINDOWS-1252');
      }
    }
    default: {
      // No CHAR (or one unknown): 5.5.1 says ANSEL, but most such files are UTF-8 or plain ASCII.
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        if (declared) warnings.push(`The file's character set "${declared}" is unknown; it was read as UTF-8.`);
        return done(text, 'UTF-8');
      } catch {
        warnings.push(
          `The file ${declared ? `says "${declared}"` : 'does not say its character set'}; it was read as ANSEL, GEDCOM 5's default.`,
        );
        return done(decodeAnsel(bytes).text, 'ANSEL');
      }
    }
  }
}
