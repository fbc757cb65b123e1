import type { AlbumRecord } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert, Button, LoadError } from '../../components/ui';
import { ApiError, apiBlob, saveBlob } from '../../lib/api';
import { formatDate, formatSize } from '../../lib/format';
import { ALBUMS_KEY, fetchAlbums } from './galleryApi';

const STYLE_WORDS: Record<AlbumRecord['style'], string> = {
  classic: 'Classic',
  modern: 'Modern',
  vintage: 'Vintage',
  minimal: 'Minimal',
};

/** Albums made before, newest first, each downloadable again (the PDF is fetched with the bearer token). */
export function AlbumHistory() {
  const albums = useQuery({
    queryKey: ALBUMS_KEY,
    queryFn: fetchAlbums,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.some((a) => a.status === 'queued' || a.status === 'rendering') ? 3000 : false,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // No album service answering yet (404) is not the user's problem: the section simply stays away.
  if (albums.isError && albums.error instanceof ApiError && albums.error.status === 404) return null;
  const list = (albums.data ?? []).filter((a) => a.status !== 'failed');
  if (albums.isSuccess && list.length === 0) return null;

  const download = async (album: AlbumRecord) => {
    setBusy(album.id);
    setFailed(false);
    try {
      saveBlob(await apiBlob(`/api/albums/${album.id}/pdf`), album.fileName);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="album-history" aria-labelledby="album-history-title">
      <h2 id="album-history-title" className="gallery-section-title">
        Your albums
      </h2>
      {albums.isError && (
        <LoadError size="sm" tone="warning" retrying={albums.isFetching} onRetry={() => void albums.refetch()}>
          Your earlier albums could not be loaded.
        </LoadError>
      )}
      {failed && <Alert tone="error">The album could not be downloaded. Please try again.</Alert>}
      {list.length > 0 && (
        <ul className="plain-list">
          {list.map((album) => (
            <li key={album.id} className="album-history__item">
              <div className="album-history__text">
                <span className="item-title album-history__title">{album.title}</span>
                <span className="item-meta">
                  {STYLE_WORDS[album.style]} · {album.photoCount} {album.photoCount === 1 ? 'photo' : 'photos'}
                  {album.pageCount ? ` · ${album.pageCount} pages` : ''}
                  {album.size ? ` · ${formatSize(album.size)}` : ''} · {formatDate(album.createdAt)}
                </span>
              </div>
              {album.status === 'completed' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Download size={16} />}
                  busy={busy === album.id}
                  onClick={() => download(album)}
                  aria-label={`Download ${album.title} (${formatDate(album.createdAt)})`}
                >
                  Download
                </Button>
              ) : (
                <span className="status status--pending">Being made</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
