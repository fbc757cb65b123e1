import type { DocumentEntities } from '@gnology/contracts';
import type { Logger } from '@gnology/platform/logger';
import type { OcrWord } from '../../domain/ocr-words';
import { looksLikePaper } from '../../domain/paper-look';
import { classifyImage } from '../../domain/photo-classification';
import { withPhotoVerdict } from '../../domain/photo-entities';
import { isPortrait } from '../../domain/portrait';
import type { DocumentsDeps } from '../../../context';
import { type NewFace, saveFaces } from '../../../library/use-cases/record-reading';
import type { FaceDetector, FoundFace } from './face-detector';
import { measurePaperOf } from './paper-look-of-file';

/** More faces than this in one picture is a crowd: the largest are kept. */
export const MAX_FACES_PER_PHOTO = 60;

export interface PhotoAnalysisInput {
  documentId: string;
  ownerId: string;
  kind: string;
  /** The original file on local disk. */
  file: string;
  ocrWords: readonly OcrWord[] | undefined;
  entities: DocumentEntities;
}

/**
 * The photo step of processing, after OCR and extraction: JPG/PNG only. Classifies the image
 * (photo or record scan); for a photo, detects faces and stores them, and tags a portrait.
 * Face detection cannot fail the document: an error is logged and the photo has no faces. A
 * storage error is not swallowed (the job's retry handles it like any other).
 */
export async function analysePhoto(
  input: PhotoAnalysisInput,
  deps: { database: DocumentsDeps['database']; faces: FaceDetector | undefined; logger: Logger },
): Promise<DocumentEntities> {
  if (input.kind !== 'jpeg' && input.kind !== 'png') return input.entities;
  const paper = looksLikePaper(await measurePaperOf(input.file));
  const verdict = classifyImage(input.ocrWords ?? [], { paper });
  let found: FoundFace[] = [];
  if (verdict.photo && deps.faces) {
    const started = Date.now();
    try {
      found = (await deps.faces.detect(input.file)).slice(0, MAX_FACES_PER_PHOTO);
      deps.logger.info({ faces: found.length, ms: Date.now() - started }, 'faces detected');
    } catch (err) {
      deps.logger.warn({ err, ms: Date.now() - started }, 'face detection failed; the photo is kept without faces');
    }
  }
  const faces: NewFace[] = found.map((f, i) => ({
    faceId: faceIdOf(i),
    region: f.region,
    score: f.score,
    descriptor: f.descriptor,
  }));
  await saveFaces(deps, { documentId: input.documentId, ownerId: input.ownerId, faces });
  return withPhotoVerdict(input.entities, { photo: verdict.photo, portrait: verdict.photo && isPortrait(faces) });
}

/** Stable, sortable ids in a document: f01, f02, … (largest face first). */
export function faceIdOf(index: number): string {
  return `f${String(index + 1).padStart(2, '0')}`;
}
