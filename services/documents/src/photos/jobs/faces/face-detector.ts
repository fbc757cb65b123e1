import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '@gnology/platform/logger';
import sharp from 'sharp';
import type { ImageRegion } from '@gnology/contracts';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = typeof import('@tensorflow/tfjs-core');

/** A face found in a picture: its box as fractions of the picture, the detector's score and its 128-d descriptor. */
export interface FoundFace {
  region: ImageRegion;
  score: number;
  descriptor: Float32Array;
}

export interface FaceDetector {
  /** Faces in the image file (any orientation: EXIF is applied first), largest first. */
  detect(file: string): Promise<FoundFace[]>;
}

/**
 * The model and its input. TinyFaceDetector (190 KB) finds the faces; the 68-point landmark net
 * aligns each one and the recognition net (ResNet-34 style, 6.4 MB) gives its 128-d descriptor.
 * SSD MobileNet v1 finds a few more small faces but costs ~6× the time on one WASM core (1.3 s vs
 * 0.2 s on a 640 px picture), too slow for the target of < 1 s per 12 MP photo.
 */
export const FACE_MODEL = {
  detector: 'tinyFaceDetector',
  /** The picture is downscaled so its longer side is at most this before detection. */
  maxSide: 1280,
  /** The detector's input (a multiple of 32): larger finds smaller faces, slower. */
  inputSize: 608,
  minScore: 0.5,
  /** Faces smaller than this fraction of the picture's shorter side are noise at this input size. */
  minFaceFraction: 0.03,
} as const;

/**
 * face-api on TensorFlow.js's WASM backend (no native TensorFlow), with the models shipped in the
 * npm package under `model/` loaded from disk; nothing is downloaded. Started on first use (the
 * backend and three models take ~0.5 s), then kept warm. TensorFlow.js holds one global engine,
 * so detections run one at a time whatever the job concurrency.
 */
export function createFaceDetector(opts: { logger?: Logger } = {}): FaceDetector {
  let ready: Promise<{ faceapi: FaceApi; tf: Tf }> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const start = async () => {
    const started = Date.now();
    const require = createRequire(import.meta.url);
    const tf = require('@tensorflow/tfjs-core') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    // A local folder (with the trailing slash tfjs expects): the .wasm files ship in the package.
    wasm.setWasmPaths(
      `${path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}${path.sep}`,
    );
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WASM backend could not start');
    await tf.ready();
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
    opts.logger?.info(
      { ms: Date.now() - started, backend: tf.getBackend(), model: FACE_MODEL.detector },
      'face detection ready',
    );
    return { faceapi, tf };
  };

  const run = async (file: string): Promise<FoundFace[]> => {
    ready ??= start().catch((err) => {
      ready = undefined;
      throw err;
    });
    const { faceapi, tf } = await ready;
    const { data, info } = await sharp(file, { failOn: 'error' })
      .rotate()
      .resize(FACE_MODEL.maxSide, FACE_MODEL.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = tf.tensor3d(
      new Uint8Array(data.buffer, data.byteOffset, data.length),
      [info.height, info.width, info.channels],
      'int32',
    );
    try {
      const results = await faceapi
        .detectAllFaces(
          input as never,
          new faceapi.TinyFaceDetectorOptions({ inputSize: FACE_MODEL.inputSize, scoreThreshold: FACE_MODEL.minScore }),
        )
        .withFaceLandmarks()
        .withFaceDescriptors();
      const minSide = FACE_MODEL.minFaceFraction * Math.min(info.width, info.height);
      return results
        .filter((r) => Math.min(r.detection.box.width, r.detection.box.height) >= minSide)
        .map((r) => ({
          region: toRegion(r.detection.box, info.width, info.height),
          score: r.detection.score,
          descriptor: Float32Array.from(r.descriptor),
        }))
        .sort((a, b) => b.region.width * b.region.height - a.region.width * a.region.height);
    } finally {
      input.dispose();
    }
  };

  return {
    detect(file) {
      const next = queue.then(() => run(file));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/** A box in pixels as fractions of the picture, clipped to it (a face at the edge may overhang). */
function toRegion(
  box: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
): ImageRegion {
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  const x = clip(box.x / width);
  const y = clip(box.y / height);
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    x: round(x),
    y: round(y),
    width: round(clip((box.x + box.width) / width) - x),
    height: round(clip((box.y + box.height) / height) - y),
  };
}
