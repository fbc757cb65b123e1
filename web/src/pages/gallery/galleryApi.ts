import type { AlbumList, AlbumRecord, DocumentRecord, PersonTag } from '@gnology/contracts';
import { api } from '../../lib/api';

export const IMAGES_KEY = ['gallery', 'images'] as const;
export const ALBUMS_KEY = ['gallery', 'albums'] as const;

/** GET /api/documents/images: the user's images (photos and scanned records), with faces and tags. */
export async function fetchImages(): Promise<DocumentRecord[]> {
  const data = await api<{ images?: DocumentRecord[] }>('/api/documents/images');
  if (!Array.isArray(data.images)) throw new Error('Unexpected images list format');
  return data.images;
}

/** PUT /api/documents/:id with the full list of people: the server keeps exactly this list. */
export function savePeople(id: string, peopleIdentified: PersonTag[]): Promise<DocumentRecord> {
  return api<DocumentRecord>(`/api/documents/${id}`, { method: 'PUT', body: { peopleIdentified } });
}

/** PUT /api/documents/:id with the full list of tags (issue 30): the server keeps exactly these, trimmed and without repeats. */
export function saveTags(id: string, tags: string[]): Promise<DocumentRecord> {
  return api<DocumentRecord>(`/api/documents/${id}`, { method: 'PUT', body: { tags } });
}

export async function fetchAlbums(): Promise<AlbumRecord[]> {
  const data = await api<AlbumList>('/api/albums');
  return data.albums;
}
