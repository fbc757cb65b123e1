import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFImage,
  PDFName,
  type PDFArray,
  type PDFContext,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from 'pdf-lib';
import { GlyphTable } from './glyphs';
import { groupLines, median, type PixelWord, type WordLine } from './lines';

export type { PixelWord } from './lines';

/** One scanned page: its image (PNG or JPEG bytes), the image's size in pixels, and its OCR'd words in reading order. */
export interface ScanPage {
  image: Uint8Array;
  width: number;
  height: number;
  words: readonly PixelWord[];
}

export interface SearchablePdfOptions {
  /** A TrueType face that covers the words' letters (embedded whole; only its metrics and character map matter). */
  font: Uint8Array;
  /** The document's title in the PDF's properties. */
  title?: string;
}

/** A4 in points: every page fits it at its image's own aspect, turned landscape for landscape scans. */
const A4 = { short: 595.28, long: 841.89 };
/** Fixed dates: the same scan and words give the same bytes (pdf-lib would write "now"). */
const MADE_AT = new Date('2026-11-01T00:00:00.000Z');
/** Shaping features off: a text layer needs one glyph per letter (ligatures would merge "fi"), and it is faster. */
const FEATURES = { liga: false, calt: false, kern: false, dlig: false };
/** Horizontal scaling is kept within this range (percent): a box far narrower or wider than its word is OCR noise. */
const MIN_SQUEEZE = 1;
const MAX_SQUEEZE = 1000;
/** A word's box rises about this far above the baseline, in ems (capitals and tall letters; Inter's cap height is 0.73). */
const CAP_HEIGHT = 0.72;
/** Lines within this share of the page's usual line height are set at that height. */
const LINE_HEIGHT_TOLERANCE = 0.25;

/**
 * Writes a searchable PDF of scanned pages, as OCRmyPDF and Paperless's archive copies are made:
 * one page per image, the image drawn full page, and over it each OCR'd word as invisible text
 * (text rendering mode 3) at its box: the baseline and size of its line, stretched or squeezed
 * (Tz) to the box's width, so a reader's selection and search highlights fall on the word. Words
 * are written in OCR's reading order with a space between the words of a line, and each line on
 * its own baseline, so text extraction (pdftotext, a reader's copy) gives the words in order with
 * line breaks between lines. A word with letters the font does not have is still written: drawn
 * with the nearest letters it has, and marked with its real text (/ActualText), which extraction
 * reads instead (decision 0220).
 */
export async function writeSearchablePdf(pages: readonly ScanPage[], opts: SearchablePdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(opts.font, { subset: false, features: FEATURES });
  doc.setProducer('GNology');
  doc.setCreator('GNology');
  doc.setCreationDate(MADE_AT);
  doc.setModificationDate(MADE_AT);
  if (opts.title) doc.setTitle(opts.title, { showInWindowTitleBar: true });

  const glyphs = new GlyphTable(font);
  for (const scan of pages) {
    const image = await embedImage(doc, scan.image);
    const fit = Math.min(
      (scan.width >= scan.height ? A4.long : A4.short) / scan.width,
      (scan.width >= scan.height ? A4.short : A4.long) / scan.height,
    );
    const page = doc.addPage([scan.width * fit, scan.height * fit]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    writeTextLayer(page, font, glyphs, groupLines(scan.words), fit);
  }
  return doc.save({ useObjectStreams: true });
}

async function embedImage(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return doc.embedJpg(bytes);
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return doc.embedPng(bytes);
  throw new Error('A page image must be a PNG or JPEG.');
}

/** The invisible words of one page, one text object, in reading order. `fit` turns pixels into points. */
function writeTextLayer(page: PDFPage, font: PDFFont, glyphs: GlyphTable, lines: WordLine[], fit: number) {
  if (lines.length === 0) return;
  const key = page.node.newFontDictionary(font.name, font.ref);
  const spaceWidth = glyphs.width(' ', 1);
  // Body text is one size: text extraction splits a paragraph where the size changes, and lines'
  // measured heights vary with their letters. A line far from the page's usual height (a heading) keeps its own.
  const usual = median(lines.map((l) => l.height));
  const ops: PDFOperator[] = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  const pageHeight = page.getHeight();
  for (const line of lines) {
    const height = Math.abs(line.height / usual - 1) <= LINE_HEIGHT_TOLERANCE ? usual : line.height;
    const size = Math.max(1, (height * fit) / CAP_HEIGHT);
    const baseline = pageHeight - line.baseline * fit;
    ops.push(setFontAndSize(key, size));
    line.words.forEach((word, i) => {
      const text = word.text.normalize('NFC');
      const shown = drawable(text, glyphs);
      const natural = glyphs.width(shown, size);
      ops.push(setTextMatrix(1, 0, 0, 1, word.left * fit, baseline));
      ops.push(setCharacterSqueeze(squeeze((word.width * fit) / natural)));
      const show = showText(glyphs.encode(shown));
      if (shown === text) ops.push(show);
      else ops.push(...withActualText(page.doc.context, text, show));
      const next = line.words[i + 1];
      if (!next) return;
      // The space fills the gap to the next word, so the next word starts where its box does.
      const gap = (next.left - (word.left + word.width)) * fit;
      ops.push(setCharacterSqueeze(squeeze(gap / (spaceWidth * size))));
      ops.push(showText(glyphs.encode(' ')));
    });
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}

const squeeze = (ratio: number) =>
  Number.isFinite(ratio) ? Math.min(MAX_SQUEEZE, Math.max(MIN_SQUEEZE, ratio * 100)) : 100;

/**
 * The word in letters the font has: a letter it lacks is replaced by its base letter when it has
 * one (NFKD without the accent), else by "?". Control characters go.
 */
function drawable(text: string, glyphs: GlyphTable): string {
  let out = '';
  for (const ch of text.replace(/\p{Cc}/gu, '')) {
    if (glyphs.has(ch)) out += ch;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => glyphs.has(c)) ? base : '?';
    }
  }
  return out || '?';
}

/** Marked content whose /ActualText is the word as read: extraction gives it rather than the glyphs drawn. */
function withActualText(context: PDFContext, text: string, glyphs: PDFOperator): PDFOperator[] {
  // pdf-lib writes any PDF object as an operand; its operand type just leaves out dictionaries, which BDC takes.
  const props = context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFArray;
  return [
    PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), props]),
    glyphs,
    PDFOperator.of(PDFOperatorNames.EndMarkedContent),
  ];
}
