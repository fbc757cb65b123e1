import type { AlbumPhoto, AlbumStatus, AlbumStyle } from '@gnology/contracts';
import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** JSON columns are written as JSON text (node-postgres would turn a JS array into a Postgres array). */
type Json<T> = ColumnType<T, string, string>;

export interface AlbumsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  style: AlbumStyle;
  include_metadata: boolean;
  /** The request's photos, in album order, as the user edited them (caption, people, ...). */
  photos: Json<AlbumPhoto[]>;
  status: Generated<AlbumStatus>;
  progress_done: Generated<number>;
  progress_total: number;
  /** Render runs started (a run recovered from a dead worker counts too). */
  runs: Generated<number>;
  page_count: number | null;
  size: number | null;
  storage_key: string | null;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
}

/** Fixed-window counters: `key` is what is counted (`generate:<user id>`). */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_started_at: Generated<Date>;
}

export interface AlbumDB extends EventsTables {
  albums: AlbumsTable;
  rate_limits: RateLimitsTable;
}

export type AlbumRow = Selectable<AlbumsTable>;
export type NewAlbumRow = Insertable<AlbumsTable>;
