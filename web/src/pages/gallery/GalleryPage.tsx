import {
  ALBUM_NO_PHOTOS_MESSAGE,
  type DetectedFace,
  type DocumentRecord,
  type PersonRole,
  type PersonTag,
} from '@gnology/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookImage, ImagePlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, ButtonLink, PageHeader, SearchField, Spinner } from '../../components/ui';
import { useSession } from '../../lib/session';
import { AlbumHistory } from './AlbumHistory';
import { FILTER_LABELS, filterImages, GALLERY_FILTERS, type GalleryFilter } from './galleryFilter';
import { fetchImages, IMAGES_KEY, savePeople, saveTags as putTags } from './galleryApi';
import { ImageCard } from './ImageCard';
import { PhotoViewer } from './PhotoViewer';
import { suggestedRole, withoutTag, withTag } from './people';
import { TAG_FAILED } from './TagPersonForm';
import { tagSuggestions } from './tags';
import './gallery.css';

/** The page's one list of tag suggestions, which every card's tag field offers. */
const TAG_SUGGESTIONS_ID = 'gallery-tag-suggestions';

/** Cards rendered at a time: the first paint stays small with thousands of images; more follow on scroll. */
export const GALLERY_PAGE_SIZE = 60;

/** /gallery (docs/contract.md#screens, #screen-states, #validation, #errors): search, filters, selection for an album, tagging, the viewer. */
export function GalleryPage() {
  const { signedIn } = useSession();
  if (!signedIn) {
    return (
      <main className="page">
        <p>Please log in to view your photo gallery</p>
      </main>
    );
  }
  return <SignedInGallery />;
}

function SignedInGallery() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const images = useQuery({ queryKey: IMAGES_KEY, queryFn: fetchImages });
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [taggingId, setTaggingId] = useState<string | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [visible, setVisible] = useState(GALLERY_PAGE_SIZE);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });

  // Shown once: a reload or Back must not bring the message again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, []);

  const all = images.data ?? [];
  const shown = useMemo(() => filterImages(all, filter, query), [all, filter, query]);
  const suggestions = useMemo(() => tagSuggestions(all), [all]);
  // A new search or filter starts again at the top of the results.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the criteria change
  useEffect(() => setVisible(GALLERY_PAGE_SIZE), [filter, query]);

  const replaceImage = useCallback(
    (updated: DocumentRecord) =>
      queryClient.setQueryData<DocumentRecord[]>(IMAGES_KEY, (list) =>
        list?.map((i) => (i._id === updated._id ? { ...i, ...updated, faces: updated.faces ?? i.faces } : i)),
      ),
    [queryClient],
  );
  const saveTags = useCallback(
    async (image: DocumentRecord, people: PersonTag[]) => {
      replaceImage(await savePeople(image._id, people));
    },
    [replaceImage],
  );

  const onSaveTags = useCallback(
    async (image: DocumentRecord, tags: string[]) => {
      replaceImage(await putTags(image._id, tags));
    },
    [replaceImage],
  );

  const onTag = useCallback(
    async (image: DocumentRecord, name: string, role: PersonRole) => {
      await saveTags(image, withTag(image.peopleIdentified, { name, role }));
      setTaggingId(null);
    },
    [saveTags],
  );
  const onUntag = useCallback(
    (image: DocumentRecord, index: number) => {
      setNotice(null);
      saveTags(image, withoutTag(image.peopleIdentified, index)).catch(() =>
        setNotice({ tone: 'error', text: TAG_FAILED }),
      );
    },
    [saveTags],
  );
  const onTagFace = (image: DocumentRecord, face: DetectedFace, name: string, role: PersonRole) =>
    saveTags(image, withTag(image.peopleIdentified, { name, role, faceId: face.id }));
  const onConfirmSuggestion = (image: DocumentRecord, face: DetectedFace) => {
    const s = face.suggestion;
    if (!s) return Promise.resolve();
    return saveTags(
      image,
      withTag(image.peopleIdentified, {
        name: s.name,
        role: suggestedRole(all, s.documentId, s.faceId),
        faceId: face.id,
      }),
    );
  };

  const onToggleSelected = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const createAlbum = () => {
    // In the gallery's order, so the album starts as the user sees the photos.
    const ids = all.filter((i) => selected.has(i._id)).map((i) => i._id);
    if (ids.length === 0) {
      setNotice({ tone: 'error', text: ALBUM_NO_PHOTOS_MESSAGE });
      return;
    }
    navigate('/album-creator', { state: { selectedImages: ids } });
  };

  const position = viewingId ? shown.findIndex((i) => i._id === viewingId) : -1;
  const moveViewer = (delta: -1 | 1) => {
    const target = shown[position + delta];
    if (!target) return;
    setViewingId(target._id);
    // The card to return focus to must be on screen when the viewer closes.
    setVisible((v) => Math.max(v, position + delta + 1));
  };
  const closeViewer = () => {
    const id = viewingId;
    setViewingId(null);
    // After react-aria has restored focus to the opener: the card of the photo last shown.
    setTimeout(() => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)?.focus(), 0);
  };

  const sentinel = useRef<HTMLDivElement>(null);
  const more = shown.length > visible;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setVisible((v) => v + GALLERY_PAGE_SIZE),
      { rootMargin: '600px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [more]);

  const selectedCount = selected.size;
  return (
    <main className="page page-stack">
      <PageHeader
        title="Photo Gallery"
        subtitle="Tag the people in your photos, find them again, and gather them into a printed album."
        actions={
          <ButtonLink to="/documents" variant="secondary" icon={<ImagePlus size={18} />}>
            Upload Photos
          </ButtonLink>
        }
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {images.isPending && <Spinner label="Loading your photos..." />}
      {images.isError && (
        <div className="problem">
          <Alert tone="error">Failed to load photo gallery</Alert>
          <Button variant="secondary" onClick={() => images.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {images.isSuccess && (
        <>
          <div className="toolbar">
            <SearchField
              id="gallery-search"
              className="gallery-search"
              label="Search"
              placeholder="File name, person or tag"
              value={query}
              onChange={setQuery}
            />
            <RadioGroup
              className="segmented"
              aria-label="Show"
              orientation="horizontal"
              value={filter}
              onChange={(v) => setFilter(v as GalleryFilter)}
            >
              {GALLERY_FILTERS.map((f) => (
                <Radio key={f} className="segmented__option" value={f}>
                  {FILTER_LABELS[f]}
                </Radio>
              ))}
            </RadioGroup>
          </div>
          <div className="row-between gallery-selection">
            <p className="gallery-selection__count" aria-live="polite">
              {shown.length === all.length
                ? `${all.length.toLocaleString('en-US')} ${all.length === 1 ? 'image' : 'images'}`
                : `${shown.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} images`}
              {selectedCount > 0 && ` · ${selectedCount} selected`}
            </p>
            <div className="gallery-selection__actions">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setSelected((s) => new Set([...s, ...shown.map((i) => i._id)]))}
                disabled={shown.length === 0}
              >
                Select all
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setSelected(new Set())}
                disabled={selectedCount === 0}
              >
                Deselect all
              </Button>
              <Button icon={<BookImage size={18} />} onClick={createAlbum}>
                Create Album{selectedCount > 0 ? ` (${selectedCount})` : ''}
              </Button>
            </div>
          </div>
          {shown.length === 0 ? (
            <div className="empty-state">
              <p>No images found matching your criteria.</p>
              <ButtonLink to="/documents" icon={<ImagePlus size={18} />}>
                Upload Photos
              </ButtonLink>
            </div>
          ) : (
            // The cards' file names are h3s: an h2 (for screen readers; the grid speaks for itself on screen) keeps the outline in order.
            <>
              <h2 id="gallery-images-title" className="visually-hidden">
                Your images
              </h2>
              <ul className="tile-grid gallery-grid" aria-labelledby="gallery-images-title">
                {shown.slice(0, visible).map((image) => (
                  <ImageCard
                    key={image._id}
                    image={image}
                    selected={selected.has(image._id)}
                    tagging={taggingId === image._id}
                    onToggleSelected={onToggleSelected}
                    onView={setViewingId}
                    onStartTagging={setTaggingId}
                    onTag={onTag}
                    onUntag={onUntag}
                    onSaveTags={onSaveTags}
                    tagSuggestionsId={TAG_SUGGESTIONS_ID}
                  />
                ))}
              </ul>
            </>
          )}
          {more && (
            <div ref={sentinel} className="gallery-more">
              <Button variant="secondary" onClick={() => setVisible((v) => v + GALLERY_PAGE_SIZE)}>
                Show more ({shown.length - visible} more)
              </Button>
            </div>
          )}
          <datalist id={TAG_SUGGESTIONS_ID}>
            {suggestions.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
          <AlbumHistory />
        </>
      )}
      <PhotoViewer
        // From the whole list: tagging a face may take the photo out of the current filter, the viewer stays on it.
        image={viewingId ? (all.find((i) => i._id === viewingId) ?? null) : null}
        position={position}
        total={shown.length}
        onMove={moveViewer}
        onClose={closeViewer}
        onTagFace={onTagFace}
        onConfirmSuggestion={onConfirmSuggestion}
      />
    </main>
  );
}
