import {
  ALBUM_FAILURE_MESSAGE,
  ALBUM_NO_PHOTOS_MESSAGE,
  ALBUM_SUCCESS_MESSAGE,
  type AlbumRecord,
  albumFileName,
} from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookImage } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Button, ButtonLink, Card, LoadError, PageHeader, Spinner, TextField } from '../../components/ui';
import { saveBlob } from '../../lib/api';
import { ALBUMS_KEY, fetchImages, IMAGES_KEY } from '../gallery/galleryApi';
import { fetchAlbum, fetchAlbumPdf, startAlbum } from './albumApi';
import {
  type AlbumSettings,
  albumRequest,
  DEFAULT_SETTINGS,
  type DraftPhoto,
  draftPhoto,
  inIdOrder,
  moveItem,
  progressText,
} from './albumDraft';
import { PhotoEditor } from './PhotoEditor';
import { StylePicker } from './StylePicker';
import './album.css';

const POLL_MS = 1000;
const SUCCESS_PAUSE_MS = 1500;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
  });

/** /album-creator (docs/contract.md#screens, #entities, #screen-states, #validation, #errors): the photos chosen in the gallery become a printed album. */
export function AlbumCreatorPage() {
  const location = useLocation();
  const ids = (location.state as { selectedImages?: unknown } | null)?.selectedImages;
  const selected = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  if (selected.length === 0) return <Navigate to="/gallery" replace />;
  return <AlbumCreator ids={selected} />;
}

type Phase = { kind: 'editing' } | { kind: 'generating'; record: AlbumRecord | null } | { kind: 'done' };

function AlbumCreator({ ids }: { ids: string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const images = useQuery({ queryKey: IMAGES_KEY, queryFn: fetchImages });
  const docs = useMemo(() => inIdOrder(images.data ?? [], ids), [images.data, ids]);
  const [photos, setPhotos] = useState<DraftPhoto[] | null>(null);
  const [settings, setSettings] = useState<AlbumSettings>(DEFAULT_SETTINGS);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  // The drafts are made once, when the photos first arrive; later refetches must not undo edits.
  useEffect(() => {
    if (photos === null && images.isSuccess) setPhotos(docs.map(draftPhoto));
  }, [photos, images.isSuccess, docs]);
  useEffect(() => () => abort.current?.abort(), []);

  const byId = useMemo(() => new Map(docs.map((d) => [d._id, d])), [docs]);
  const list = photos ?? [];
  const included = list.filter((p) => p.includeInAlbum).length;
  const busy = phase.kind !== 'editing';

  const update = (id: string, patch: Partial<DraftPhoto>) =>
    setPhotos((ps) => ps?.map((p) => (p.id === id ? { ...p, ...patch } : p)) ?? null);
  const move = (index: number, delta: -1 | 1) => {
    const id = list[index]?.id;
    setPhotos((ps) => (ps ? moveItem(ps, index, delta) : ps));
    // Keep the keyboard on the photo that moved; at an end its other button takes over.
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${delta < 0 ? 'up' : 'down'}"]`);
      const other = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${delta < 0 ? 'down' : 'up'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  const generate = async () => {
    const request = albumRequest(settings, list);
    if (request.photos.length === 0) {
      setError(ALBUM_NO_PHOTOS_MESSAGE);
      return;
    }
    setError(null);
    setPhase({ kind: 'generating', record: null });
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    try {
      let record = await startAlbum(request, signal);
      while (record.status === 'queued' || record.status === 'rendering') {
        setPhase({ kind: 'generating', record });
        await sleep(POLL_MS, signal);
        record = await fetchAlbum(record.id, signal);
      }
      if (record.status !== 'completed') throw new Error(record.error ?? 'failed');
      setPhase({ kind: 'generating', record });
      saveBlob(await fetchAlbumPdf(record.id, signal), albumFileName(request.title ?? ''));
      void queryClient.invalidateQueries({ queryKey: ALBUMS_KEY });
      setPhase({ kind: 'done' });
      await sleep(SUCCESS_PAUSE_MS, signal);
      navigate('/gallery', { state: { notice: ALBUM_SUCCESS_MESSAGE } });
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setPhase({ kind: 'editing' });
      setError(ALBUM_FAILURE_MESSAGE);
    }
  };

  const record = phase.kind === 'generating' ? phase.record : null;
  return (
    <main className="page page-stack">
      <PageHeader
        title="Album Creator"
        subtitle="Arrange your photos, write their captions and choose a style. Gene makes a printable PDF."
      />
      {images.isPending && <Spinner label="Loading your photos..." />}
      {/* A failed refetch after the photos arrived changes nothing: the creator goes on with them. */}
      {((images.isError && !images.data) || (images.data && docs.length === 0)) && (
        <div className="problem">
          {images.isError && !images.data ? (
            <LoadError retrying={images.isFetching} onRetry={() => void images.refetch()}>
              Failed to load selected photos. Please check your connection and try again.
            </LoadError>
          ) : (
            <Alert tone="error">Failed to load selected photos</Alert>
          )}
          <ButtonLink to="/gallery" variant="secondary">
            Back to the gallery
          </ButtonLink>
        </div>
      )}
      {photos && photos.length > 0 && (
        <div className="album-layout">
          <section className="album-photos" aria-labelledby="album-photos-title">
            <h2 id="album-photos-title" className="album-section-title">
              Photos{' '}
              <span className="album-section-title__count">
                ({included} of {photos.length} included)
              </span>
            </h2>
            <ol className="album-photo-list">
              {photos.map((p, i) => (
                <PhotoEditor
                  key={p.id}
                  photo={p}
                  doc={byId.get(p.id)}
                  index={i}
                  count={photos.length}
                  disabled={busy}
                  onChange={(patch) => update(p.id, patch)}
                  onMove={(d) => move(i, d)}
                />
              ))}
            </ol>
          </section>
          <Card title="Album" className="album-settings">
            <div className="album-settings__fields">
              <TextField
                label="Title"
                value={settings.title}
                maxLength={200}
                disabled={busy}
                onChange={(title) => setSettings((s) => ({ ...s, title }))}
              />
              <div className="field">
                <label className="field__label" htmlFor="album-description">
                  Description
                </label>
                <textarea
                  id="album-description"
                  className="field__input album-photo__description"
                  rows={3}
                  maxLength={4000}
                  value={settings.description}
                  disabled={busy}
                  onChange={(e) => setSettings((s) => ({ ...s, description: e.target.value }))}
                />
              </div>
              <StylePicker
                value={settings.style}
                disabled={busy}
                onChange={(style) => setSettings((s) => ({ ...s, style }))}
              />
              <label className="album-check">
                <input
                  type="checkbox"
                  checked={settings.includeMetadata}
                  disabled={busy}
                  onChange={(e) => setSettings((s) => ({ ...s, includeMetadata: e.target.checked }))}
                />
                Include people, dates and places
              </label>
              {error ? (
                <Alert tone="error">{error}</Alert>
              ) : (
                included === 0 && <Alert tone="warning">{ALBUM_NO_PHOTOS_MESSAGE}</Alert>
              )}
              {phase.kind === 'generating' && (
                <div className="album-progress" role="status">
                  <span>
                    {record ? progressText(record.status, record.progress.done, record.progress.total) : 'Starting...'}
                  </span>
                  <progress
                    aria-label="Album progress"
                    max={record?.progress.total || 1}
                    value={record ? Math.min(record.progress.done, record.progress.total) : undefined}
                  />
                </div>
              )}
              {phase.kind === 'done' && <Alert tone="success">{ALBUM_SUCCESS_MESSAGE}</Alert>}
              <div className="album-settings__actions">
                <Button icon={<BookImage size={18} />} onClick={generate} disabled={included === 0} busy={busy}>
                  {busy ? 'Generating...' : 'Generate Album'}
                </Button>
                <Button variant="secondary" onClick={() => navigate('/gallery')}>
                  Cancel
                </Button>
              </div>
            </div>
          </Card>
        </div>
      )}
    </main>
  );
}
