import type { DetectedFace, DocumentRecord, PersonRole } from '@gnology/contracts';
import { Check, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Alert, Button } from '../../components/ui';
import { viewUrl } from '../../lib/document-urls';
import { TAG_FAILED, TagPersonForm } from './TagPersonForm';

interface Props {
  image: DocumentRecord | null;
  position: number;
  total: number;
  onMove(delta: -1 | 1): void;
  onClose(): void;
  onTagFace(image: DocumentRecord, face: DetectedFace, name: string, role: PersonRole): Promise<void>;
  onConfirmSuggestion(image: DocumentRecord, face: DetectedFace): Promise<void>;
}

/** A swipe: at least this far sideways (CSS px), and mostly sideways. */
const SWIPE_MIN_PX = 50;

const typing = (el: EventTarget) =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * The full-size viewer: a modal overlay over the whole viewport (react-aria: focus kept inside,
 * the page behind neither scrolls nor is read out), the photo with its detected faces outlined,
 * Previous/Next (and the Left and Right arrow keys, and a sideways swipe over the photo), Escape
 * or Close to leave. A face's box opens the tag form for that face; a face the service recognised
 * offers "May be <name>" with one-click confirm. Its styles are the gallery's own (gallery.css):
 * the page is a lazy chunk and cannot rely on another page's stylesheet having been loaded.
 */
export function PhotoViewer({ image, position, total, onMove, onClose, onTagFace, onConfirmSuggestion }: Props) {
  const [failed, setFailed] = useState(false);
  const [activeFace, setActiveFace] = useState<string | null>(null);
  const [confirmFailed, setConfirmFailed] = useState<string | null>(null);
  // The face whose Confirm button or tag form just went away: its Change button takes focus, or focus would
  // fall to the page behind and Escape would no longer close the viewer.
  const [refocusFace, setRefocusFace] = useState<string | null>(null);
  const faceList = useRef<HTMLOListElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const imageId = image?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per image shown
  useEffect(() => {
    setFailed(false);
    setActiveFace(null);
    setConfirmFailed(null);
    setRefocusFace(null);
  }, [imageId]);
  useEffect(() => {
    if (!refocusFace) return;
    faceList.current?.querySelector<HTMLButtonElement>(`[data-face-change="${CSS.escape(refocusFace)}"]`)?.focus();
    setRefocusFace(null);
  }, [refocusFace]);
  // Left and Right move between photos while the viewer is open (not while typing a name).
  useEffect(() => {
    if (!imageId) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target as EventTarget) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft' && position > 0) onMove(-1);
      else if (e.key === 'ArrowRight' && position >= 0 && position < total - 1) onMove(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [imageId, position, total, onMove]);
  // react-aria hides the page behind from assistive technology but leaves aria-modal off the dialog (a Safari
  // focus bug): the dialog says it is modal itself.
  const markModal = useCallback((el: HTMLElement | null) => el?.setAttribute('aria-modal', 'true'), []);
  if (!image) return null;
  // Numbered left to right, as people name those in a photo.
  const faces = [...(image.faces ?? [])].sort((a, b) => a.region.x - b.region.x);
  const tagOf = (face: DetectedFace) => image.peopleIdentified.find((p) => p.faceId === face.id);

  // The button just pressed becomes disabled at either end: keep focus in the dialog (Escape must still close it).
  const step = (delta: -1 | 1) => {
    onMove(delta);
    const target = position + delta;
    if (target <= 0) next.current?.focus();
    else if (target >= total - 1) prev.current?.focus();
  };

  // A sideways swipe over the photo (a finger, a pen or a dragged mouse): right to left is the next photo.
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    swipe.current = e.isPrimary && e.button === 0 ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
    // The click that ends a drag over a face box is part of the swipe, not a press of the box.
    swiped.current = true;
    setTimeout(() => {
      swiped.current = false;
    }, 0);
    if (dx < 0 && position >= 0 && position < total - 1) onMove(1);
    else if (dx > 0 && position > 0) onMove(-1);
  };
  const cancelSwipe = () => {
    swipe.current = null;
  };

  const confirm = async (face: DetectedFace) => {
    setConfirmFailed(null);
    try {
      await onConfirmSuggestion(image, face);
      setRefocusFace(face.id);
    } catch {
      setConfirmFailed(face.id);
    }
  };

  return (
    <ModalOverlay className="photo-viewer-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="photo-viewer-modal">
        <Dialog ref={markModal} className="photo-viewer" aria-label={`Viewing ${image.originalName}`}>
          <div className="photo-viewer__bar">
            <Heading slot="title" className="photo-viewer__title">
              {image.originalName}
            </Heading>
            <Button variant="secondary" size="sm" icon={<X size={16} />} onClick={onClose}>
              Close
            </Button>
          </div>
          <div className="photo-viewer__body">
            {/* The photo fits inside the stage: nothing in it scrolls, nothing there needs the keyboard but the face boxes. */}
            <section
              className="photo-viewer__stage"
              aria-label="Photo"
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={cancelSwipe}
              onClickCapture={(e) => {
                if (!swiped.current) return;
                e.preventDefault();
                e.stopPropagation();
              }}
            >
              {failed ? (
                <p className="photo-viewer__none">No Preview</p>
              ) : (
                <div className="photo-viewer__frame">
                  <img
                    key={image._id}
                    src={viewUrl(image)}
                    alt={image.originalName}
                    draggable={false}
                    onError={() => setFailed(true)}
                  />
                  {faces.map((face, i) => {
                    const tag = tagOf(face);
                    const label = tag
                      ? `Face ${i + 1}: ${tag.name}`
                      : face.suggestion
                        ? `Face ${i + 1}: may be ${face.suggestion.name}`
                        : `Tag face ${i + 1}`;
                    return (
                      <button
                        key={face.id}
                        type="button"
                        className={`face-box${tag ? ' face-box--tagged' : ''}${activeFace === face.id ? ' face-box--active' : ''}`}
                        style={{
                          left: `${face.region.x * 100}%`,
                          top: `${face.region.y * 100}%`,
                          width: `${face.region.width * 100}%`,
                          height: `${face.region.height * 100}%`,
                        }}
                        onClick={() => setActiveFace(face.id)}
                        aria-label={label}
                        aria-pressed={activeFace === face.id}
                      >
                        <span className="face-box__number" aria-hidden="true">
                          {i + 1}
                        </span>
                      </button>
                    );
                  })}
                </div>
              )}
            </section>
            {faces.length > 0 && (
              <section className="photo-viewer__faces" aria-label="Faces in this photo">
                <h3 className="photo-viewer__faces-title">Faces in this photo</h3>
                <ol className="plain-list" ref={faceList}>
                  {faces.map((face, i) => {
                    const tag = tagOf(face);
                    return (
                      <li key={face.id} className="face-list__item">
                        <div className="face-list__row">
                          <span className="face-list__number" aria-hidden="true">
                            {i + 1}
                          </span>
                          {tag ? (
                            <span className="face-list__name">{tag.name}</span>
                          ) : face.suggestion ? (
                            <>
                              <span className="face-list__maybe">May be {face.suggestion.name}</span>
                              <Button
                                size="sm"
                                icon={<Check size={16} />}
                                onClick={() => confirm(face)}
                                aria-label={`Confirm face ${i + 1} is ${face.suggestion.name}`}
                              >
                                Confirm
                              </Button>
                            </>
                          ) : (
                            <span className="face-list__none">Not tagged</span>
                          )}
                          {activeFace !== face.id && (
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => setActiveFace(face.id)}
                              data-face-change={face.id}
                              aria-label={`${tag ? 'Change' : 'Tag'} face ${i + 1}`}
                            >
                              {tag ? 'Change' : 'Tag'}
                            </Button>
                          )}
                        </div>
                        {confirmFailed === face.id && <Alert tone="error">{TAG_FAILED}</Alert>}
                        {activeFace === face.id && (
                          <TagPersonForm
                            label={`Tag face ${i + 1}`}
                            initialName={tag?.name ?? ''}
                            onSave={async (name, role) => {
                              await onTagFace(image, face, name, role);
                              setActiveFace(null);
                              setRefocusFace(face.id);
                            }}
                            onCancel={() => {
                              setActiveFace(null);
                              setRefocusFace(face.id);
                            }}
                          />
                        )}
                      </li>
                    );
                  })}
                </ol>
              </section>
            )}
          </div>
          <div className="photo-viewer__pager">
            <Button
              ref={prev}
              variant="secondary"
              size="sm"
              icon={<ChevronLeft size={16} />}
              disabled={position <= 0}
              onClick={() => step(-1)}
            >
              Previous
            </Button>
            <span className="photo-viewer__position" aria-live="polite">
              {position + 1} of {total}
            </span>
            <Button ref={next} variant="secondary" size="sm" disabled={position >= total - 1} onClick={() => step(1)}>
              Next <ChevronRight size={16} aria-hidden="true" />
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
