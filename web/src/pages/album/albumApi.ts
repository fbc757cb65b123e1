import type { AlbumRecord, AlbumRequest } from '@gnology/contracts';
import { api, apiBlob } from '../../lib/api';

/** POST /api/albums/generate with `Prefer: respond-async`: 202 and the album record at once. */
export function startAlbum(request: AlbumRequest, signal?: AbortSignal): Promise<AlbumRecord> {
  return api<AlbumRecord>('/api/albums/generate', {
    method: 'POST',
    body: request,
    headers: { prefer: 'respond-async' },
    signal,
  });
}

export function fetchAlbum(id: string, signal?: AbortSignal): Promise<AlbumRecord> {
  return api<AlbumRecord>(`/api/albums/${id}`, { signal });
}

export function fetchAlbumPdf(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/api/albums/${id}/pdf`, { signal });
}
