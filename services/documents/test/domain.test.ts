import { describe, expect, it } from 'vitest';
import { decideKind, pdfHeaderOffset, safeDisplayName, storedOriginalName } from '../src/library/domain/file-types';
import { PermanentProcessingError, readableError } from '../src/library/domain/processing';
import { decodeText, detectTextEncoding } from '../src/library/domain/text-decoding';
import { signViewToken, verifyViewToken } from '../src/library/domain/view-token';
import { checkDocxArchive } from '../src/library/domain/zip-inspection';
import { docx, zip } from './fixtures/generate';

describe('upload type decisions', () => {
  it('accepts content and extension that agree', () => {
    expect(decideKind('a.PDF', { ext: 'pdf', mime: 'application/pdf' }, false)).toMatchObject({
      ok: true,
      kind: 'pdf',
    });
    expect(decideKind('a.jpg', { ext: 'jpg', mime: 'image/jpeg' }, false)).toMatchObject({ ok: true, kind: 'jpeg' });
    expect(decideKind('a.doc', { ext: 'cfb', mime: 'application/x-cfb' }, false)).toMatchObject({
      ok: true,
      kind: 'doc',
    });
    expect(decideKind('a.docx', { ext: 'zip', mime: 'application/zip' }, false)).toMatchObject({
      ok: true,
      kind: 'docx',
    });
    expect(decideKind('notes.txt', undefined, true)).toMatchObject({ ok: true, kind: 'txt', mimetype: 'text/plain' });
    // A UTF-16 byte-order mark looks like an MPEG frame sync.
    expect(decideKind('notes.txt', { ext: 'mp1', mime: 'audio/mpeg' }, true)).toMatchObject({ ok: true, kind: 'txt' });
  });
  it('refuses mismatches and unknown types, naming the accepted ones', () => {
    for (const [name, sniffed, text] of [
      ['a.pdf', { ext: 'png', mime: 'image/png' }, false],
      ['a.png', undefined, true],
      ['a.txt', { ext: 'elf', mime: 'application/x-elf' }, false],
      ['a.svg', undefined, true],
      ['a.html', undefined, true],
      ['noext', undefined, true],
      ['a.doc', { ext: 'zip', mime: 'application/zip' }, false],
    ] as const) {
      const d = decideKind(name, sniffed, text);
      expect(d.ok, name).toBe(false);
      if (!d.ok) expect(d.error).toContain('Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.');
    }
  });
  it('finds a PDF header within the first 1,024 bytes, as PDF readers do, and nowhere further', () => {
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj');
    expect(pdfHeaderOffset(pdf)).toBe(0);
    expect(pdfHeaderOffset(Buffer.concat([Buffer.from('\r\nX-Mailer junk\r\n'), pdf]))).toBe(17);
    expect(pdfHeaderOffset(Buffer.concat([Buffer.alloc(1019, 0x20), pdf]))).toBe(1019);
    expect(pdfHeaderOffset(Buffer.concat([Buffer.alloc(1020, 0x20), pdf]))).toBe(-1);
    expect(pdfHeaderOffset(Buffer.from('Dear cousin, no header here.'))).toBe(-1);
    // A subarray is searched from its own start.
    expect(pdfHeaderOffset(Buffer.concat([pdf, Buffer.from('..'), pdf]).subarray(3))).toBe(pdf.length - 1);
  });
  it('takes a file with leading bytes before %PDF- for a PDF, but a .txt note that mentions one stays a note', () => {
    expect(decideKind('will.pdf', undefined, false, 17)).toMatchObject({
      ok: true,
      kind: 'pdf',
      mimetype: 'application/pdf',
    });
    expect(decideKind('will.pdf', undefined, true, 40)).toMatchObject({ ok: true, kind: 'pdf' });
    expect(decideKind('notes.txt', undefined, true, 40)).toMatchObject({ ok: true, kind: 'txt' });
    const renamed = decideKind('will.png', undefined, false, 17);
    expect(renamed).toMatchObject({ ok: false });
    if (!renamed.ok)
      expect(renamed.error).toBe(
        "The file's content (PDF) does not match its .png extension. Rename it or convert it. Unsupported file type. Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.",
      );
    const nothing = decideKind('will.pdf', undefined, false, -1);
    expect(nothing).toMatchObject({ ok: false });
    if (!nothing.ok) expect(nothing.error).toContain('(it is not a document of a supported type)');
  });
  it('names what a mismatched file really is with the right article (issue 30, point 5)', () => {
    const error = (sniffed: { ext: string; mime: string }) => {
      const decided = decideKind('will.pdf', sniffed, false);
      return decided.ok ? '' : decided.error;
    };
    expect(error({ ext: 'exe', mime: 'application/x-msdownload' })).toBe(
      "The file's content does not match its .pdf extension (it is an EXE file). Unsupported file type. Accepted types: pdf, jpg, jpeg, png, doc, docx, txt.",
    );
    expect(error({ ext: 'elf', mime: 'application/x-elf' })).toContain('(it is an ELF file)');
    expect(error({ ext: 'mp3', mime: 'audio/mpeg' })).toContain('(it is an MP3 file)');
    expect(error({ ext: 'xml', mime: 'application/xml' })).toContain('(it is an XML file)');
    expect(error({ ext: 'zip', mime: 'application/zip' })).toContain('(it is a ZIP file)');
    expect(error({ ext: 'gif', mime: 'image/gif' })).toContain('(it is a GIF file)');
    expect(error({ ext: 'mov', mime: 'video/quicktime' })).toContain('(it is a MOV file)');
  });
  it('keeps only a safe base name for display', () => {
    expect(safeDisplayName('C:\\Users\\me\\grandpa.pdf')).toBe('grandpa.pdf');
    expect(safeDisplayName('../../etc/passwd')).toBe('passwd');
    expect(safeDisplayName('a\u0000b<c>.txt')).toBe('abc.txt');
    expect(safeDisplayName('')).toBe('document');
  });
  it('strips bidirectional controls, which make a name read as another (issue 29, point 9)', () => {
    // U+202E turns what follows round: "baptism\u202Efdp.txt" displays as "baptismtxt.pdf".
    expect(safeDisplayName('baptism\u202Efdp.txt')).toBe('baptismfdp.txt');
    expect(storedOriginalName('baptism\u202Efdp.txt')).toBe('baptismfdp.txt');
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    const hostile = `a${controls.map((c) => String.fromCodePoint(c)).join('b')}.jpg`;
    expect(safeDisplayName(hostile)).toBe('abbbbbbbbbbb.jpg');
    expect(storedOriginalName(hostile)).toBe('abbbbbbbbbbb.jpg');
    // Right-to-left names themselves are kept: only the invisible controls go.
    expect(safeDisplayName('\u05D0\u05D1\u05D2.pdf')).toBe('\u05D0\u05D1\u05D2.pdf');
    expect(storedOriginalName('\u0645\u0635\u0631.jpg')).toBe('\u0645\u0635\u0631.jpg');
    // The original name keeps its path and characters as sent, bounded; an empty name has a default.
    expect(storedOriginalName('')).toBe('document');
    expect(storedOriginalName('\u202E')).toBe('document');
    expect(storedOriginalName('x'.repeat(600))).toHaveLength(500);
  });
});

describe('text encodings', () => {
  it('detects UTF-8, UTF-16 with BOM and Windows-1252, and refuses binary', () => {
    expect(detectTextEncoding(Buffer.from('Zoë'))).toBe('utf-8');
    expect(detectTextEncoding(Buffer.from([0xff, 0xfe, 0x5a, 0x00]))).toBe('utf-16le');
    expect(detectTextEncoding(Buffer.from([0xfe, 0xff, 0x00, 0x5a]))).toBe('utf-16be');
    expect(detectTextEncoding(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20]))).toBe('windows-1252');
    expect(detectTextEncoding(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]))).toBeUndefined();
    expect(decodeText(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x0d, 0x0a]))).toBe('José\n');
    // A sample cut inside a multi-byte character is still UTF-8.
    expect(detectTextEncoding(Buffer.from('Zoë').subarray(0, 3))).toBe('utf-8');
  });
});

describe('scoped image tokens', () => {
  const secret = 's3cret';
  it('are valid for one document and owner until they expire', () => {
    const t = signViewToken(secret, 'doc1', 'alice', Date.now() + 60_000);
    expect(verifyViewToken(secret, t, 'doc1', 'alice')).toBe(true);
    expect(verifyViewToken(secret, t, 'doc2', 'alice')).toBe(false);
    expect(verifyViewToken(secret, t, 'doc1', 'bob')).toBe(false);
    expect(verifyViewToken('other', t, 'doc1', 'alice')).toBe(false);
    expect(verifyViewToken(secret, t, 'doc1', 'alice', Date.now() + 120_000)).toBe(false);
    expect(verifyViewToken(secret, `${t}x`, 'doc1', 'alice')).toBe(false);
  });
});

describe('zip inspection', () => {
  it('passes a real DOCX and refuses bombs and non-Word archives', () => {
    expect(checkDocxArchive(docx('Hello'), 256 * 1048576)).toEqual({ ok: true });
    expect(checkDocxArchive(zip([{ name: 'a.txt', data: Buffer.from('x') }]), 1e9)).toMatchObject({
      ok: false,
      reason: 'not-docx',
    });
    expect(checkDocxArchive(Buffer.from('not a zip at all, just text'), 1e9)).toMatchObject({
      ok: false,
      reason: 'not-zip',
    });
    const declared = zip([
      {
        name: 'word/document.xml',
        data: Buffer.alloc(0),
        deflated: { data: Buffer.alloc(1000), size: 500 * 1048576, crc: 0 },
      },
    ]);
    expect(checkDocxArchive(declared, 256 * 1048576)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(checkDocxArchive(declared, 1e12)).toMatchObject({ ok: false, reason: 'ratio' });
  });
});

describe('processing errors', () => {
  it('are short, readable and free of paths', () => {
    expect(readableError(new PermanentProcessingError('The PDF has no pages.'))).toBe('The PDF has no pages.');
    expect(readableError(new Error('ENOENT: no such file /tmp/gn-doc-123/original\n at x'))).toBe(
      'Processing failed: ENOENT: no such file …',
    );
    expect(readableError(new Error('x'.repeat(1000))).length).toBe(300);
  });
});
