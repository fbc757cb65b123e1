import { type AlbumRecord, albumFileName } from '@gnology/contracts';
import type { AlbumRow } from '../store/schema';

/** The API's view of an album row. */
export function toAlbumRecord(row: AlbumRow): AlbumRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    style: row.style,
    includeMetadata: row.include_metadata,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    photoCount: row.progress_total,
    pageCount: row.page_count,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
    fileName: albumFileName(row.title),
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  };
}
