import type { OcrWord } from './ocr-words';

/** What classification reads of a word: its text and how sure OCR was. */
type WordReading = Pick<OcrWord, 'text' | 'confidence'>;

/**
 * "An image with little or no readable text is a photo; a scan of a record is not." Tesseract
 * always reads something in a photo (edges, hair and foliage become "|", "Ee", "—"), so the
 * letter count of the text is a poor signal. What a record scan has and a photo does not is
 * words read with confidence: real words (letters or numbers, not punctuation soup) that the
 * model is sure of. A photo may show a sign or a caption — a handful of such words — a record
 * has dozens. A record OCR cannot read (handwriting, faded ink, a ruled table) still looks like
 * paper, which paper-look.ts measures. Thresholds measured on bench/photos/classification (bench/RESULTS.md).
 */
export const PHOTO_RULE = {
  /** A word counts as read when tesseract is at least this sure of it. */
  minWordConfidence: 75,
  /** Fewer confident words than this: a photo (a caption or a sign is a few words). */
  maxPhotoWords: 12,
} as const;

export interface ImageTextMeasure {
  /** Words tesseract returned. */
  words: number;
  /** Of those, real words read with confidence. */
  confidentWords: number;
  /** Mean confidence of the real words (0 when none). */
  meanConfidence: number;
}

export interface ImageClassification extends ImageTextMeasure {
  photo: boolean;
  /** The picture looks like a sheet of paper (see paper-look.ts); unknown when not measured. */
  paper?: boolean;
}

/** A "real" word: at least three letters or two digits, and mostly letters and digits. */
export function isRealWord(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\p{Nd}/gu)?.length ?? 0;
  if (letters < 3 && digits < 2) return false;
  const chars = [...text].length;
  if ((letters + digits) / chars < 0.7) return false;
  // OCR noise in photos: letters with no vowel at all ("Ktr", "llll"), or one letter repeated.
  if (letters >= 3 && digits === 0 && !/[aeiouyàâäéèêëíìîïóòôöúùûüæøœåAEIOUY]/iu.test(text)) return false;
  if (/^(\p{L})\1+$/u.test(text)) return false;
  return true;
}

export function measureImageText(words: readonly WordReading[]): ImageTextMeasure {
  const real = words.filter((w) => isRealWord(w.text));
  const confident = real.filter((w) => w.confidence >= PHOTO_RULE.minWordConfidence);
  const meanConfidence = real.length ? real.reduce((s, w) => s + w.confidence, 0) / real.length : 0;
  return { words: words.length, confidentWords: confident.length, meanConfidence };
}

/**
 * A photo: few confident words, and not the look of a sheet of paper (a record whose writing
 * OCR cannot read — handwriting, faded ink, a ruled table — is still a record).
 */
export function classifyImage(words: readonly WordReading[], look?: { paper: boolean }): ImageClassification {
  const m = measureImageText(words);
  const fewWords = m.confidentWords < PHOTO_RULE.maxPhotoWords;
  return { ...m, photo: fewWords && !look?.paper, ...(look ? { paper: look.paper } : {}) };
}
