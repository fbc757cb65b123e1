import { ACCEPTED_EXTENSIONS } from '@gnology/contracts';

/**
 * Which uploads are accepted: the content decides (magic bytes sniffed by file-type, or a valid
 * text encoding for TXT) and the extension must agree with it. A PDF renamed .png, or an
 * executable renamed .pdf, is refused before anything is stored.
 */
export type DocumentKind = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx' | 'txt';

export const KIND_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

const EXTENSION_KIND: Record<(typeof ACCEPTED_EXTENSIONS)[number], DocumentKind> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  doc: 'doc',
  docx: 'docx',
  txt: 'txt',
};

export const ACCEPTED_TYPES_MESSAGE = `Unsupported file type. Accepted types: ${ACCEPTED_EXTENSIONS.join(', ')}.`;

export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** How far into a file PDF readers look for the `%PDF-` header (Acrobat's and pdf.js's rule). */
export const PDF_HEADER_WINDOW = 1024;

/**
 * Where `%PDF-` starts within the first 1,024 bytes, or -1. A PDF with a few stray bytes before
 * its header (a mail gateway's, a download manager's) opens in every reader; file-type only
 * looks at offset 0.
 */
export function pdfHeaderOffset(head: Uint8Array): number {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, PDF_HEADER_WINDOW)).indexOf('%PDF-');
}

/**
 * Decides an upload's kind. `sniffed` is file-type's answer for the first bytes (undefined when it
 * found no signature); `looksLikeText` says the first bytes decode as text; `pdfHeaderAt` is
 * where `%PDF-` starts within the first 1,024 bytes (-1: nowhere), for a PDF with leading bytes.
 */
export function decideKind(
  filename: string,
  sniffed: { ext: string; mime: string } | undefined,
  looksLikeText: boolean,
  pdfHeaderAt = -1,
): { ok: true; kind: DocumentKind; mimetype: string } | { ok: false; error: string } {
  const ext = extensionOf(filename);
  const claimed = (EXTENSION_KIND as Record<string, DocumentKind>)[ext];
  if (!claimed) return { ok: false, error: ACCEPTED_TYPES_MESSAGE };
  // No signature at offset 0 but a PDF header a little further: a PDF, unless it is a .txt that
  // reads as text (a note that mentions "%PDF-" is still a note).
  const seen =
    sniffed ??
    (pdfHeaderAt >= 0 && !(claimed === 'txt' && looksLikeText) ? { ext: 'pdf', mime: 'application/pdf' } : undefined);
  const actual = kindOfSniffed(seen, claimed, looksLikeText);
  if (!actual) {
    const what = seen
      ? `${typeArticle(seen.ext)} ${seen.ext.toUpperCase()} file`
      : 'not a document of a supported type';
    return {
      ok: false,
      error: `The file's content does not match its .${ext} extension (it is ${what}). ${ACCEPTED_TYPES_MESSAGE}`,
    };
  }
  if (actual !== claimed) {
    return {
      ok: false,
      error: `The file's content (${actual.toUpperCase()}) does not match its .${ext} extension. Rename it or convert it. ${ACCEPTED_TYPES_MESSAGE}`,
    };
  }
  return { ok: true, kind: actual, mimetype: KIND_MIME[actual] };
}

/**
 * "a" or "an" before a file type named in capitals, by how it is said: a vowel sound starts
 * "an EXE", "an ELF", and "an MP3", "an XML", "an SVG" (spelled out letter by letter: em, ex,
 * ess); a consonant sound "a ZIP", "a GIF", "a MOV" (said as words). Issue 30, point 5.
 */
export function typeArticle(ext: string): 'a' | 'an' {
  const name = ext.toLowerCase();
  if (/^[aeio]/.test(name)) return 'an';
  // F, H, L, M, N, R, S, X are said "ef", "aitch", "el", ...: "an" when the name is spelled out,
  // i.e. no vowel follows the first letter (MP3, MKV, SVG, XML, HTML), not when it is said as a word.
  return /^[fhlmnrsx][^aeiouy]/.test(name) ? 'an' : 'a';
}

/**
 * Signatures of a byte or two that text can start with by chance: a UTF-16 byte-order mark (FF FE)
 * is also an MPEG audio frame sync. For a .txt that decodes as text, the text reading wins.
 */
const WEAK_SIGNATURES = new Set(['mp1', 'mp2', 'mp3', 'aac', 'mpg']);

function kindOfSniffed(
  sniffed: { ext: string; mime: string } | undefined,
  claimed: DocumentKind,
  looksLikeText: boolean,
): DocumentKind | undefined {
  if (sniffed && claimed === 'txt' && looksLikeText && WEAK_SIGNATURES.has(sniffed.ext)) return 'txt';
  if (!sniffed) return looksLikeText ? 'txt' : undefined;
  switch (sniffed.ext) {
    case 'pdf':
      return 'pdf';
    case 'jpg':
      return 'jpeg';
    case 'png':
      return 'png';
    case 'docx':
      return 'docx';
    // Word 97-2003 files are OLE compound files; file-type names the container only.
    case 'cfb':
      return claimed === 'doc' ? 'doc' : undefined;
    // Without [Content_Types].xml early in the archive file-type may only see a ZIP: the DOCX parser checks the rest.
    case 'zip':
      return claimed === 'docx' ? 'docx' : undefined;
    default:
      return undefined;
  }
}

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates and the directional marks):
 * invisible, and they reorder what follows, so "baptism\u202Efdp.txt" reads as "baptismtxt.pdf"
 * (issue 29, point 9). A file name never needs them; right-to-left letters themselves are kept.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The name without bidirectional controls. */
export function stripBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

/** The display name stored as `filename`: the base name only, without control, bidi or path characters. */
export function safeDisplayName(originalName: string): string {
  const base = [...(stripBidiControls(originalName).split(/[\\/]/).pop() ?? '')]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(ch))
    .join('')
    .trim();
  return base.slice(0, 200) || 'document';
}

/** The name stored as `original_name` (shown in lists, albums and citations): as sent, without bidi controls, bounded. */
export function storedOriginalName(name: string): string {
  return stripBidiControls(name).slice(0, 500) || 'document';
}
