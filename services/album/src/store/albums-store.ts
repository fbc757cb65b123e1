import { ALBUM_GENERATED, ALBUMS_TOPIC, type AlbumGeneratedData } from '@gnology/contracts';
import { writeEvent } from '@gnology/platform/events/outbox';
import { type Kysely, sql } from 'kysely';
import type { AlbumDB, AlbumRow, NewAlbumRow } from './schema';

export type AlbumsDb = Kysely<AlbumDB>;

export const ALBUMS_EVENT_SOURCE = '/services/album';

export async function insertAlbum(db: AlbumsDb, row: NewAlbumRow): Promise<AlbumRow> {
  return db.insertInto('albums').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The user's albums still queued or rendering (the new one included once it is inserted). */
export async function countUnfinishedOwned(db: AlbumsDb, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('status', 'in', ['queued', 'rendering'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteAlbumRow(db: AlbumsDb, id: string): Promise<void> {
  await db.deleteFrom('albums').where('id', '=', id).execute();
}

export async function getAlbumById(db: AlbumsDb, id: string): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getOwnedAlbum(db: AlbumsDb, id: string, ownerId: string): Promise<AlbumRow | undefined> {
  return db.selectFrom('albums').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The user's albums, newest first (the photos JSON is left out: lists never need it). */
export async function listOwnedAlbums(db: AlbumsDb, ownerId: string, limit = 200): Promise<AlbumRow[]> {
  const rows = await db
    .selectFrom('albums')
    .select([
      'id',
      'owner_id',
      'title',
      'description',
      'style',
      'include_metadata',
      'status',
      'progress_done',
      'progress_total',
      'runs',
      'page_count',
      'size',
      'storage_key',
      'error',
      'created_at',
      'updated_at',
      'completed_at',
    ])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, photos: [] }));
}

/** Deletes the user's album; returns its stored PDF's key (or null), undefined when it was not theirs. */
export async function deleteOwnedAlbum(
  db: AlbumsDb,
  id: string,
  ownerId: string,
): Promise<{ storage_key: string | null } | undefined> {
  return db
    .deleteFrom('albums')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning(['storage_key'])
    .executeTakeFirst();
}

/**
 * Starts a render run: the album is "rendering" from zero again (a retry renders from scratch).
 * Returns the run number, or undefined when the album is gone or already finished.
 */
export async function startRun(db: AlbumsDb, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('albums')
    .set({ status: 'rendering', progress_done: 0, runs: sql`runs + 1`, error: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'rendering'])
    .returning('runs')
    .executeTakeFirst();
  return row?.runs;
}

export async function saveProgress(db: AlbumsDb, id: string, done: number): Promise<void> {
  await db
    .updateTable('albums')
    .set({ progress_done: done, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'rendering')
    .execute();
}

/**
 * Finishes an album and writes `album.generated`, in one transaction, once: a second completion
 * (a run whose acknowledgement was lost) changes nothing and writes no second event.
 */
export async function completeAlbum(
  db: AlbumsDb,
  id: string,
  r: { storageKey: string; pageCount: number; size: number },
  requestId?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('albums')
      .set({
        status: 'completed',
        storage_key: r.storageKey,
        page_count: r.pageCount,
        size: r.size,
        progress_done: sql`progress_total`,
        error: null,
        completed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    const data: AlbumGeneratedData = {
      albumId: row.id,
      ownerId: row.owner_id,
      title: row.title,
      style: row.style,
      photoCount: row.progress_total,
      pageCount: r.pageCount,
      size: r.size,
      generatedAt: new Date(row.completed_at ?? Date.now()).toISOString(),
    };
    await writeEvent(trx, {
      topic: ALBUMS_TOPIC,
      key: row.id,
      type: ALBUM_GENERATED,
      source: ALBUMS_EVENT_SOURCE,
      subject: row.id,
      data,
      requestId,
    });
    return true;
  });
}

/** Ends an album as failed with a message the user can read (only if it has not finished). */
export async function failAlbum(db: AlbumsDb, id: string, error: string): Promise<boolean> {
  const res = await db
    .updateTable('albums')
    .set({ status: 'failed', error, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'rendering'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Records a failed try that will be retried (the album stays rendering). */
export async function saveTryError(db: AlbumsDb, id: string, error: string): Promise<void> {
  await db
    .updateTable('albums')
    .set({ error, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'rendering')
    .execute();
}

/** Albums queued or rendering with no sign of life since `minutes` ago: their job is lost. */
export async function failStaleAlbums(db: AlbumsDb, minutes: number, error: string): Promise<string[]> {
  const rows = await db
    .updateTable('albums')
    .set({ status: 'failed', error, updated_at: sql`now()` })
    .where('status', 'in', ['queued', 'rendering'])
    .where('updated_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
