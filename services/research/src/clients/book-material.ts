import { ERROR_MESSAGES } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { INTERNAL_HEADER, internalCall } from '@gnology/platform/http/internal';
import type { ResearchConfig } from '../config';
import type { BookMaterial, BookMaterialWire, BookPhoto } from '../domain/book-material';

export interface BookMaterialRequest {
  userId: string;
  /** The person the book is about; the documents service picks one when absent (decision 0234). */
  rootIndividualId?: string;
  generations: number;
}

/** Photos fetched at once: the documents service scales each with sharp, a CPU's work. */
const PHOTO_CONCURRENCY = 3;

/**
 * The book's material from the documents service (decision 0234): the people, events, citations,
 * conflicts and chart in one call (`POST /internal/book-material`), then each photo's upright
 * JPEG of at most 1600 px (`GET /internal/book-material/photos/:id`). A photo deleted between the
 * two calls is left out. The documents service's refusals (404: no such person, or no one yet)
 * pass through; its failures become the unavailable message, as the other internal calls do.
 */
export async function fetchBookMaterial(
  config: Pick<ResearchConfig, 'DOCUMENTS_URL' | 'INTERNAL_TOKEN'>,
  req: BookMaterialRequest,
  opts: { requestId?: string; signal?: AbortSignal } = {},
): Promise<BookMaterial> {
  const wire = await guarded(() =>
    internalCall<BookMaterialWire>(config.DOCUMENTS_URL, '/internal/book-material', {
      secret: config.INTERNAL_TOKEN,
      requestId: opts.requestId,
      body: req,
      timeoutMs: 60_000,
      signal: opts.signal,
    }),
  );
  const photos: (BookPhoto | null)[] = new Array(wire.photos.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < wire.photos.length) {
      const i = next++;
      photos[i] = await fetchPhoto(config, req.userId, wire.photos[i]!, opts);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, wire.photos.length) }, worker));
  const { pdfBase64, ...chart } = wire.chart ?? { title: '', svg: '' };
  return {
    ...wire,
    photos: photos.filter((p): p is BookPhoto => p !== null),
    chart: wire.chart
      ? { ...chart, ...(pdfBase64 ? { pdf: new Uint8Array(Buffer.from(pdfBase64, 'base64')) } : {}) }
      : null,
  };
}

async function fetchPhoto(
  config: Pick<ResearchConfig, 'DOCUMENTS_URL' | 'INTERNAL_TOKEN'>,
  userId: string,
  photo: BookMaterialWire['photos'][number],
  opts: { requestId?: string; signal?: AbortSignal },
): Promise<BookPhoto | null> {
  const url = new URL(`/internal/book-material/photos/${encodeURIComponent(photo.id)}`, config.DOCUMENTS_URL);
  url.searchParams.set('userId', userId);
  const headers: Record<string, string> = { [INTERNAL_HEADER]: config.INTERNAL_TOKEN };
  if (opts.requestId) headers['x-request-id'] = opts.requestId;
  const res = await guarded(async () => {
    try {
      return await fetch(url, { headers, signal: opts.signal ?? AbortSignal.timeout(30_000) });
    } catch (e) {
      throw new HttpError(503, `internal call to ${url.host} failed: ${(e as Error).message}`);
    }
  });
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HttpError(503, ERROR_MESSAGES.unavailable, { code: 'service_unavailable' });
  }
  const image = new Uint8Array(await res.arrayBuffer());
  // The size after the documents service turned and scaled it (EXIF can swap the sides).
  const width = Number(res.headers.get('x-image-width')) || photo.width;
  const height = Number(res.headers.get('x-image-height')) || photo.height;
  return { ...photo, width, height, image };
}

/** A 4xx answer passes through; anything else becomes the unavailable message (docs/contract.md#errors). */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) throw e;
    throw Object.assign(new HttpError(503, ERROR_MESSAGES.unavailable, { code: 'service_unavailable' }), { cause: e });
  }
}
