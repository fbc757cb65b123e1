import type { PhotoInfo } from '@gnology/contracts';
import { HttpError } from '@gnology/platform/http/errors';
import type { AlbumDeps } from '../context';
import { PermanentAlbumError, readableAlbumError } from '../domain/errors';
import { albumPdfKey } from '../domain/object-keys';
import { photoText } from '../domain/photo-metadata';
import { renderAlbumPdf } from '../pdf/render-album';
import { completeAlbum, failAlbum, getAlbumById, saveProgress, saveTryError, startRun } from '../store/albums-store';
import { RENDER_ATTEMPTS } from '../jobs/enqueue';

// Runs beyond this (tries plus recoveries from dead workers) mean the album kills its worker: give up.
const MAX_RUNS = RENDER_ATTEMPTS + 2;
// Progress is written at most this often (and always for the last photo).
const PROGRESS_EVERY_MS = 250;

/** One run of an album's render job: what the worker hands over (a JobContext is one). */
export interface AlbumRun {
  data: { albumId: string };
  attempt: number;
  requestId?: string;
  signal: AbortSignal;
  progress(value: Record<string, unknown>): Promise<void>;
}

/**
 * Renders one album, run by the worker's `render-album` job. Safe to run again at any point: every run renders from
 * scratch and overwrites the album's one PDF key, and `completed` with its `album.generated`
 * event is written once, guarded in the same transaction. Photos deleted since the request are
 * left out; an unreadable photo fails the album at once; other errors are retried, and the last
 * try marks the album failed, so an album never stays queued or rendering.
 */
export async function renderAlbum(
  deps: Pick<AlbumDeps, 'database' | 'storage' | 'photos' | 'logger' | 'config'>,
  job: AlbumRun,
) {
  const db = deps.database.db;
  const id = job.data.albumId;
  const album = await getAlbumById(db, id);
  if (!album) return { skipped: 'deleted' };
  if (album.status === 'completed' || album.status === 'failed') return { skipped: album.status };
  const run = await startRun(db, id);
  if (run === undefined) return { skipped: 'finished' };
  const log = deps.logger.child({ albumId: id, attempt: job.attempt, run, requestId: job.requestId });
  if (run > MAX_RUNS) {
    log.warn('album gave up after repeated runs');
    await failAlbum(db, id, 'Failed to generate album. Please try again.');
    return { failed: 'too many runs' };
  }

  try {
    const started = Date.now();
    const infos = new Map(
      (
        await deps.photos.lookup(
          album.owner_id,
          album.photos.map((p) => p.id),
          job.requestId,
        )
      ).map((p) => [p.id, p] as const),
    );
    const present = album.photos.filter((p) => infos.has(p.id));
    if (present.length === 0) throw new PermanentAlbumError('The photos of this album are no longer available.');
    if (present.length < album.photos.length)
      log.info({ missing: album.photos.length - present.length }, 'photos deleted since the request are left out');

    let lastSaved = 0;
    const { bytes, pageCount } = await renderAlbumPdf({
      title: album.title,
      description: album.description,
      style: album.style,
      includeMetadata: album.include_metadata,
      createdAt: new Date(album.created_at),
      signal: job.signal,
      maxTotalPixels: deps.config.ALBUM_MAX_TOTAL_PIXELS,
      photos: present.map((p) => ({
        name: infos.get(p.id)!.originalName,
        text: photoText(p, infos.get(p.id)),
        open: () => openPhoto(deps, album.owner_id, infos.get(p.id)!, job.signal),
      })),
      onPlaced: async (done) => {
        const now = Date.now();
        if (done < present.length && now - lastSaved < PROGRESS_EVERY_MS) return;
        lastSaved = now;
        // Progress counts the request's photos, so a left-out photo still moves the bar.
        const shown = done === present.length ? album.photos.length : done;
        await saveProgress(db, id, shown);
        await job.progress({ done: shown, total: album.photos.length });
      },
    });

    const key = albumPdfKey(album.owner_id, id);
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await deps.storage.put(key, body, { contentType: 'application/pdf', size: body.length });
    const written = await completeAlbum(db, id, { storageKey: key, pageCount, size: body.length }, job.requestId);
    // Deleted while rendering: nothing points at the PDF any more.
    if (!written && !(await getAlbumById(db, id))) await deps.storage.delete(key);
    log.info({ pages: pageCount, bytes: body.length, ms: Date.now() - started, written }, 'album rendered');
    return { pages: pageCount, size: body.length };
  } catch (err) {
    // Shutting down: leave the try to the retry, whatever attempt this is.
    if (job.signal.aborted) throw err;
    const permanent = err instanceof PermanentAlbumError;
    if (permanent || job.attempt >= RENDER_ATTEMPTS) {
      log.warn({ err }, 'album rendering failed');
      await failAlbum(db, id, readableAlbumError(err));
      return { failed: readableAlbumError(err) };
    }
    log.warn({ err }, 'album rendering try failed; it will be retried');
    await saveTryError(db, id, readableAlbumError(err));
    throw err;
  }
}

async function openPhoto(deps: Pick<AlbumDeps, 'photos'>, ownerId: string, info: PhotoInfo, signal: AbortSignal) {
  try {
    return await deps.photos.original(ownerId, info.id, signal);
  } catch (e) {
    // Deleted between the lookup and now: nothing to print, and no retry will bring it back.
    if (e instanceof HttpError && e.statusCode === 404)
      throw new PermanentAlbumError(`The photo "${info.originalName}" was deleted while the album was being made.`);
    throw e;
  }
}
