import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type PhotoInfo, PhotoLookupResponse } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import { INTERNAL_HEADER, internalCall } from '@gnology/platform/http/internal';
import type { AlbumConfig } from '../config';

/** The documents service as the album service sees it: the user's photos and their bytes. */
export interface PhotoSource {
  /** The user's own image documents among `ids`; any other id is simply absent. */
  lookup(userId: string, ids: string[], requestId?: string): Promise<PhotoInfo[]>;
  /** The original bytes of one of the user's photos (404 HttpError when it is gone). */
  original(userId: string, id: string, signal?: AbortSignal): Promise<Readable>;
}

export function createPhotoSource(config: Pick<AlbumConfig, 'DOCUMENTS_URL' | 'INTERNAL_TOKEN'>): PhotoSource {
  const secret = config.INTERNAL_TOKEN;
  return {
    async lookup(userId, ids, requestId) {
      if (ids.length === 0) return [];
      const res = await internalCall<unknown>(config.DOCUMENTS_URL, '/internal/documents/photos', {
        secret,
        requestId,
        body: { userId, ids },
        timeoutMs: 30_000,
      });
      // Only what was asked for, whatever the answer holds.
      const wanted = new Set(ids);
      return PhotoLookupResponse.parse(res).photos.filter((p) => wanted.has(p.id));
    },
    async original(userId, id, signal) {
      const url = new URL(
        `/internal/documents/${id}/original?userId=${encodeURIComponent(userId)}`,
        config.DOCUMENTS_URL,
      );
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { [INTERNAL_HEADER]: secret },
          signal: signal ?? AbortSignal.timeout(120_000),
        });
      } catch (e) {
        throw new HttpError(503, `could not read photo ${id} from the documents service: ${(e as Error).message}`);
      }
      if (res.status === 404) throw new HttpError(404, 'Photo not found');
      if (!res.ok || !res.body)
        throw new HttpError(503, `could not read photo ${id} from the documents service (${res.status})`);
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
  };
}
