import { availableParallelism } from 'node:os';
import { env } from '@gnology/platform/config';
import type { ServiceEnv } from '@gnology/platform/service-env';
import { z } from 'zod';

/** One OCR worker per core, keeping one core for the rest of the process (and the machine); at most 4. */
export function defaultOcrWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Variables of the documents service beyond the common ones (shared/platform/src/service-env.ts).
 * LLM extraction runs when a provider is configured (ANTHROPIC_API_KEY, else OPENAI_BASE_URL);
 * EXTRACTION_PROVIDER forces one, or `rules` for the offline extractor only.
 */
export const documentsEnvSchema = z.object({
  /** tesseract.js workers kept warm in the worker role (each ~110 MB, one core); default: the cores less one, 1 to 4. */
  OCR_WORKERS: z.coerce.number().int().min(1).default(defaultOcrWorkers()),
  /** The OCR engine (decision 0237): `auto` runs native Tesseract 5 when `tesseract --version` answers 5.x at boot, else tesseract.js; `native` or `wasm` forces one. */
  OCR_ENGINE: z.enum(['auto', 'native', 'wasm']).default('auto'),
  /** Documents of the OCR lane (PDFs, images) a worker processes at once; defaults to OCR_WORKERS + 1 (decision 0215: a newcomer's scan need not wait for a long one to finish). */
  DOCUMENTS_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** Documents of the fast lane (text, Word) a worker processes at once: no OCR, mostly waiting on I/O. */
  DOCUMENTS_FAST_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  /** How often the maintenance sweep runs (re-queues lost uploads, fails documents whose job is gone). */
  DOCUMENTS_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  PDF_PAGE_LIMIT: env.int(500),
  /** Uploads one user may make in an hour (issue 29 point 5, decision 0215); past it, 429 saying when to come back. */
  DOCUMENTS_UPLOADS_PER_HOUR: env.int(200),
  /** "Read again" requests one user may make in an hour (each is a full OCR run, and a model call when one is configured). */
  DOCUMENTS_READ_AGAIN_PER_HOUR: env.int(60),
  /** Images above this many pixels are refused (decompression bombs). */
  MAX_IMAGE_PIXELS: env.int(120_000_000),
  /** A DOCX whose parts expand to more than this is refused (zip bombs). */
  DOCX_MAX_UNCOMPRESSED_MB: env.int(256),
  /** Secret of the scoped image-URL tokens; derived from INTERNAL_TOKEN when unset. */
  DOCUMENT_URL_SECRET: optionalString,
  VIEW_TOKEN_TTL_SECONDS: env.int(3600),
  /** Where tesseract.js caches its unpacked model (default DATA_DIR/cache/tesseract/<model>). */
  OCR_CACHE_DIR: optionalString,
  EXTRACTION_PROVIDER: z
    .enum(['anthropic', 'openai', 'rules', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: env.optionalUrl(),
  EXTRACTION_ANTHROPIC_MODEL: z.string().default('claude-haiku-4-5'),
  OPENAI_BASE_URL: env.optionalUrl(),
  OPENAI_API_KEY: optionalString,
  EXTRACTION_OPENAI_MODEL: z.string().default('llama3.1'),
  /** Per-request timeout of an extraction call; the rules answer when it passes. */
  EXTRACTION_TIMEOUT_MS: env.int(60_000),
  /**
   * Handwriting (decision 0155): pages OCR reads with a confidence below LOW_OCR_CONFIDENCE are
   * transcribed by a vision model, metered against the owner's tokens. Default: Anthropic when
   * ANTHROPIC_API_KEY is set, else an OpenAI-compatible server when OPENAI_BASE_URL and
   * HANDWRITING_OPENAI_MODEL (a model with image input) are set, else off (the page says so).
   */
  HANDWRITING_PROVIDER: z
    .enum(['anthropic', 'openai', 'off', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  HANDWRITING_ANTHROPIC_MODEL: z.string().default('claude-sonnet-4-6'),
  /** A vision model of the OpenAI-compatible server (e.g. qwen2.5vl, llama3.2-vision); unset: no handwriting there. */
  HANDWRITING_OPENAI_MODEL: optionalString,
  /** Low-confidence pages of one document transcribed by the model at most (the rest keep their OCR text). */
  HANDWRITING_MAX_PAGES: env.int(50),
  /** Per-page timeout of a transcription call; past it the page keeps its OCR text. */
  HANDWRITING_TIMEOUT_MS: env.int(120_000),
  /** Face detection in photos on the worker role (face-api on TensorFlow.js WASM); `off` skips it. */
  FACE_DETECTION: z.enum(['on', 'off']).default('on'),
});

export type DocumentsConfig = ServiceEnv & z.infer<typeof documentsEnvSchema>;
